import { createContext } from "react-router";

/** The Content-Security-Policy nonce of this response, set by the server for every request. */
export const cspNonceContext = createContext<string>("");
