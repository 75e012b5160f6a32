"""The networks the board's service may talk to: this machine, the link-local ones, and the
networks the Pi's interfaces are on when it is installed — the home network, not every
private address range of the world (a neighbour's VPN, a guest network, a container bridge
elsewhere) — besides the broker for remote play.

They are read from ``ip -json address`` (iproute2, on every Raspberry Pi OS): each address an
interface has beyond this machine and its link gives its network (``192.168.1.20/24`` gives
``192.168.1.0/24``; an IPv6 address its /64, or whatever prefix it has).
"""

from __future__ import annotations

import ipaddress
import json
import subprocess
from typing import Any

from controller.errors import KaskadeError

HOST_NETWORKS = ("localhost", "link-local")
"""What a unit always allows: this machine and the link-local networks (systemd's words)."""


class NetworkError(KaskadeError, OSError):
    """The Pi's networks could not be read, or a network given is not one."""


def interface_networks(ip_json: str) -> tuple[str, ...]:
    """The networks the interfaces of ``ip -json address``'s output are on, sorted; neither
    this machine's nor link-local ones (the unit allows those by name)."""
    try:
        interfaces: Any = json.loads(ip_json)
    except ValueError:
        raise NetworkError("ip -json address said something that is not JSON") from None
    found: set[ipaddress.IPv4Network | ipaddress.IPv6Network] = set()
    for interface in interfaces if isinstance(interfaces, list) else []:
        if not isinstance(interface, dict) or "LOOPBACK" in interface.get("flags", []):
            continue
        for address in interface.get("addr_info", []):
            if not isinstance(address, dict) or address.get("scope") not in ("global", "site"):
                continue
            try:
                network = ipaddress.ip_interface(
                    f"{address['local']}/{address['prefixlen']}").network
            except (KeyError, ValueError):
                continue
            if not (network.is_loopback or network.is_link_local):
                found.add(network)
    return tuple(str(network) for network in sorted(found, key=lambda n: (n.version, n)))


def local_networks() -> tuple[str, ...]:
    """The networks this Pi's interfaces are on now; ``NetworkError`` when ``ip`` cannot say."""
    try:
        result = subprocess.run(("ip", "-json", "address", "show"), capture_output=True,
                                text=True, check=False, timeout=30)
    except (FileNotFoundError, subprocess.TimeoutExpired) as error:
        raise NetworkError(f"the Pi's networks cannot be read ({error}): install iproute2, "
                           "or give them with --network CIDR") from None
    if result.returncode != 0:
        raise NetworkError(f"ip -json address failed: {result.stderr.strip()[-200:]}")
    return interface_networks(result.stdout)


def network(text: str) -> str:
    """``text`` (``192.168.1.0/24``, ``fd00::/64``) as a network; ``NetworkError`` when it is
    not one."""
    try:
        return str(ipaddress.ip_network(text.strip(), strict=False))
    except ValueError:
        raise NetworkError(f"--network {text!r}: give an address range, e.g. 192.168.1.0/24 or "
                           "fd00:1:2:3::/64") from None
