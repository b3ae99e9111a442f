import { describe, expect, it } from "vitest";

import { countedAddress } from "#app/domain/site/client-address.ts";

describe("a client's address as it is counted", () => {
  it("is an IPv4 address itself, also when written as IPv6", () => {
    expect(countedAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(countedAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(countedAddress("unknown")).toBe("unknown");
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const network = "2001:db8:85a3:8d3::/64";
    for (const address of [
      "2001:db8:85a3:8d3:1319:8a2e:370:7348",
      "2001:0DB8:85A3:08D3:ffff:ffff:ffff:ffff",
      "2001:db8:85a3:8d3::1",
      "2001:db8:85a3:8d3::",
      "2001:db8:85a3:8d3::1%eth0",
    ]) {
      expect(countedAddress(address), address).toBe(network);
    }
    expect(countedAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(countedAddress("::1")).toBe("0:0:0:0::/64");
    expect(countedAddress("2001:db8:85a3:8d4::1")).not.toBe(network);
  });

  it("leaves what is not an address as it is", () => {
    expect(countedAddress("1:2:3")).toBe("1:2:3");
    expect(countedAddress("a::b::c")).toBe("a::b::c");
  });
});
