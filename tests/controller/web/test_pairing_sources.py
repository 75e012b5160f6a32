"""Pairing guesses counted per source, on the real server from several loopback addresses
(127.0.0.x are all this machine's): a neighbour's wrong codes wait the neighbour's delays and
use up the neighbour's guesses, never the family's; yet guesses from many addresses together
stay bounded, so the codes cannot be tried out from a crowd of addresses either."""

from __future__ import annotations

import http.client
import json
import time
from typing import Any

from controller.app.pairing import GUESSES, MAX_WRONG, AttemptLimit, source_of


def pair_from(served, address: str, code: str) -> tuple[int, dict[str, Any]]:
    """``POST /api/pair`` sent from the loopback address ``address``."""
    connection = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=30,
                                            source_address=(address, 0))
    try:
        body = json.dumps({"code": code, "name": address}).encode()
        connection.request("POST", "/api/pair", body, {"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def wrong_code(digits: str) -> str:
    return "0000" if digits != "0000" else "1111"


def test_a_neighbours_wrong_codes_do_not_lock_the_family_out(served):
    digits = served.touch_pairing_pad()
    neighbour = "127.0.0.2"
    statuses = []
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:  # as fast as the neighbour can
        statuses.append(pair_from(served, neighbour, wrong_code(digits))[0])
    assert statuses.count(403) <= 2, "after each wrong guess the neighbour waits longer"
    assert statuses.count(429) >= 1
    status, answer = pair_from(served, "127.0.0.1", digits)
    assert status == 201, answer
    assert answer["token"]


def test_each_device_has_its_own_guesses_at_a_code(served):
    clock = [1000.0]
    served.server.api.attempts = AttemptLimit(lambda: clock[0])
    digits = served.touch_pairing_pad()
    neighbour = "127.0.0.2"
    for left in range(GUESSES - 1, -1, -1):
        clock[0] += 60  # past the delay after each wrong guess
        status, answer = pair_from(served, neighbour, wrong_code(digits))
        assert status == 403
        assert ("no guesses left for this device" if left == 0 else
                f"({left} guess") in answer["error"]
    clock[0] += 60
    status, answer = pair_from(served, neighbour, digits)
    assert status == 403, "the right code no longer counts for the neighbour"
    assert "no guesses left for this device" in answer["error"]
    status, answer = pair_from(served, "127.0.0.1", digits)
    assert status == 201, "the code still counts for the family"


def test_guesses_from_a_crowd_of_addresses_stay_bounded(served):
    digits = served.touch_pairing_pad()
    checked = 0
    for number in range(2, 2 + 2 * MAX_WRONG):
        status, answer = pair_from(served, f"127.0.1.{number}", wrong_code(digits))
        assert status == 403
        if "no pairing code is on show" in answer["error"]:
            break
        checked += 1
    assert checked == MAX_WRONG, "the code stops counting after so many wrong guesses"
    assert served.app.pairing.code is None
    status, answer = pair_from(served, "127.0.0.1", digits)
    assert status == 403
    assert "no pairing code is on show" in answer["error"]


def test_a_device_is_one_source_by_its_ipv4_address_or_its_ipv6_64():
    assert source_of("192.168.1.20") == "192.168.1.20"
    assert source_of("::ffff:192.168.1.20") == "192.168.1.20"
    assert source_of("2001:db8:1:2:aaaa::1") == source_of("2001:db8:1:2:bbbb::7") == \
        "2001:db8:1:2::/64"
    assert source_of("2001:db8:1:3::1") != source_of("2001:db8:1:2::1")
    assert source_of("fe80::1%eth0") == "fe80::/64"
    assert source_of(None) == source_of("not an address") == ""
