import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
