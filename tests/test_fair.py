"""The provably fair scheme: stream, bounded draw, shuffle, commitment, checks.

Every shoe here is checked twice: by ``puntobanco.fair`` and by the standalone
verifier a player runs, ``tools/verify_shoe.py``, with Python's ``-I -S``
(no site packages, so no puntobanco).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import struct
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from puntobanco import fair
from puntobanco.cards import Card
from puntobanco.errors import FairnessError

VERIFIER = Path(__file__).resolve().parents[1] / "tools" / "verify_shoe.py"


def make_shoe(
    rng: random.Random,
    *,
    table: str = "club",
    nonce: int = 1,
    decks: int = 8,
    contributions: tuple[str, ...] = (),
    secret: bool = True,
) -> fair.FairShoe:
    seed = bytes(rng.getrandbits(8) for _ in range(32))
    client = fair.client_seed(table, nonce, contributions)
    order = fair.shoe_order(seed, client, nonce, decks)
    dealt = order[: rng.randint(1, len(order))]
    return fair.FairShoe(
        table=table,
        shoe=nonce,
        decks=decks,
        commitment=fair.commitment(seed),
        client_seed=client,
        nonce=nonce,
        server_seed=seed.hex(),
        secret=secret,
        dealt=dealt,
        contributions=contributions,
    )


def run_verifier(data: object, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "shoes.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(path), *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_unshuffled_shoe_is_spades_hearts_diamonds_clubs_ace_to_king_deck_after_deck() -> None:
    order = [str(c) for c in fair.canonical_order(2)]
    assert order[:14] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"] + [
        "QS",
        "KS",
        "AH",
    ]
    assert order[26] == "AD" and order[39] == "AC" and order[51] == "KC"
    assert order[52:] == order[:52]


def test_stream_is_hmac_sha256_of_client_seed_nonce_and_block_read_big_endian() -> None:
    seed = bytes(range(32))
    words = fair.stream_words(seed, "club/4|x", 4)
    first = [next(words) for _ in range(9)]
    block0 = hmac.new(seed, b"club/4|x:4:0", hashlib.sha256).digest()
    block1 = hmac.new(seed, b"club/4|x:4:1", hashlib.sha256).digest()
    assert first[:8] == [int.from_bytes(block0[i : i + 4], "big") for i in range(0, 32, 4)]
    assert first[8] == struct.unpack(">I", block1[:4])[0]


def test_first_swap_puts_the_card_of_the_first_accepted_word_last() -> None:
    for n in range(1, 200):
        seed = hashlib.sha256(str(n).encode()).digest()
        u = struct.unpack(">I", hmac.digest(seed, b"t/1:1:0", "sha256")[:4])[0]
        if u >= fair.accept_limit(52):
            continue  # rejected: the next word decides (rare: 4 in 2^32 here)
        order = fair.shoe_order(seed, "t/1", 1, 1)
        assert order[51] == fair.canonical_order(1)[u % 52]


def test_rejection_limit_is_2_to_the_32_minus_the_remainder() -> None:
    assert fair.accept_limit(416) == 2**32 - 2**32 % 416
    assert fair.accept_limit(2**31) == 2**32
    draws = fair.BoundedDraws(iter([2**32 - 1, 2**32 - 2**32 % 3, 5]))
    assert draws.randbelow(3) == 2  # both first words are rejected


def test_commitment_is_sha256_of_the_seed_in_lowercase_hex() -> None:
    seed = bytes(range(32))
    assert fair.commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert fair.commitment(seed) == fair.commitment(seed).lower()


def test_server_seeds_are_fresh_32_bytes() -> None:
    seeds = {fair.new_server_seed() for _ in range(100)}
    assert len(seeds) == 100 and all(len(s) == 32 for s in seeds)


def test_explicit_seed_gives_one_server_seed_per_shoe() -> None:
    assert fair.derived_server_seed(7, 1) == fair.derived_server_seed(7, 1)
    assert fair.derived_server_seed(7, 1) != fair.derived_server_seed(7, 2)
    assert fair.derived_server_seed(7, 1) != fair.derived_server_seed(8, 1)


def test_contributions_are_appended_in_order() -> None:
    assert fair.client_seed("club", 3) == "club/3"
    assert fair.client_seed("club", 3, ["a b", "Zoë"]) == "club/3|a b|Zoë"
    for bad in ["", "a|b", "x" * 65, "line\nbreak"]:
        with pytest.raises(FairnessError):
            fair.client_seed("club", 3, [bad])


def test_json_round_trip() -> None:
    shoe = make_shoe(random.Random(1), contributions=("hi",))
    assert fair.FairShoe.from_dict(json.loads(json.dumps(shoe.to_dict()))) == shoe
    for field, value in [("dealt", ["4h"]), ("dealt", ["ZZ"]), ("shoe", True), ("decks", "8")]:
        with pytest.raises(FairnessError):
            fair.FairShoe.from_dict({**shoe.to_dict(), field: value})


def test_a_thousand_shoes_verify_here_and_in_the_standalone_verifier(tmp_path: Path) -> None:
    rng = random.Random(12)
    shoes = [
        make_shoe(
            rng,
            nonce=n,
            decks=rng.randint(1, 8),
            contributions=tuple(f"p{k}" for k in range(rng.randint(0, 2))),
            secret=rng.random() < 0.5,
        )
        for n in range(1, 1001)
    ]
    assert all(fair.verify_shoe(s) for s in shoes)
    result = run_verifier([s.to_dict() for s in shoes], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count(": OK,") == 1000
    assert "1000 shoe(s) checked, 0 not revealed yet." in result.stdout


def test_an_unrevealed_shoe_is_noted_not_checked(tmp_path: Path) -> None:
    shoe = replace(make_shoe(random.Random(2)), server_seed=None)
    assert fair.verify_shoe(shoe) is False
    result = run_verifier(shoe.to_dict(), tmp_path, "--lang", "fr")
    assert result.returncode == 0
    assert f"pas encore révélé ; notez son engagement {shoe.commitment}" in result.stdout


def test_any_changed_byte_of_a_revealed_seed_is_detected() -> None:
    rng = random.Random(3)
    for n in range(1, 1001):
        shoe = make_shoe(rng, nonce=n, decks=1)
        assert shoe.server_seed is not None
        seed = bytearray(bytes.fromhex(shoe.server_seed))
        for index in range(32):
            changed = bytearray(seed)
            changed[index] ^= rng.randint(1, 255)
            with pytest.raises(FairnessError) as error:
                fair.verify_shoe(replace(shoe, server_seed=changed.hex()))
            assert error.value.key == "fair.error.commitment"


def test_any_changed_byte_of_the_client_seed_is_detected() -> None:
    rng = random.Random(4)
    for n in range(1, 1001):
        shoe = make_shoe(rng, nonce=n, decks=1, contributions=("lucky",))
        raw = bytearray(shoe.client_seed.encode())
        index = rng.randrange(len(raw))
        raw[index] = (raw[index] + rng.randint(1, 94) - 32) % 95 + 32  # another printable byte
        with pytest.raises(FairnessError):
            fair.verify_shoe(replace(shoe, client_seed=raw.decode()))
    # Changing a contribution and the client seed together changes the cards.
    shoe = make_shoe(rng, contributions=("lucky",))
    forged = replace(shoe, contributions=("lucky!",), client_seed=shoe.client_seed + "!")
    with pytest.raises(FairnessError) as error:
        fair.verify_shoe(forged)
    assert error.value.key == "fair.error.card"


def test_any_changed_dealt_card_is_detected() -> None:
    rng = random.Random(5)
    every_card = fair.canonical_order(1)
    for n in range(1, 1001):
        shoe = make_shoe(rng, nonce=n, decks=rng.randint(1, 8))
        position = rng.randrange(len(shoe.dealt))
        dealt = list(shoe.dealt)
        dealt[position] = rng.choice([c for c in every_card if c != dealt[position]])
        with pytest.raises(FairnessError) as error:
            fair.verify_shoe(replace(shoe, dealt=tuple(dealt)))
        assert error.value.params["position"] == position
    # One shoe, every position, every other card.
    shoe = make_shoe(rng, decks=1)
    for position in range(len(shoe.dealt)):
        for card in every_card:
            if card != shoe.dealt[position]:
                dealt = list(shoe.dealt)
                dealt[position] = card
                with pytest.raises(FairnessError):
                    fair.verify_shoe(replace(shoe, dealt=tuple(dealt)))


def test_standalone_verifier_names_the_first_mismatch(tmp_path: Path) -> None:
    rng = random.Random(6)
    good = make_shoe(rng, nonce=1)
    seed = bytearray(bytes.fromhex(good.server_seed or ""))
    seed[0] ^= 1
    other = Card.parse("AS") if good.dealt[0] != Card.parse("AS") else Card.parse("2S")
    cases = {
        "SHA-256 of the server seed is": replace(good, server_seed=seed.hex()),
        "the client seed is 'club/2'": replace(good, client_seed="club/2"),
        "card 0 (from 0) dealt was": replace(good, dealt=(other, *good.dealt[1:])),
        "the nonce is 2": replace(good, nonce=2),
        "more than 416 in the shoe": replace(good, dealt=(*fair.canonical_order(8), other)),
    }
    for text, shoe in cases.items():
        result = run_verifier([make_shoe(rng, nonce=3).to_dict(), shoe.to_dict()], tmp_path)
        assert result.returncode == 1, text
        assert "shoe 1: FAILED" in result.stdout and text in result.stdout, result.stdout
    broken = run_verifier({"shoe": 1}, tmp_path)
    assert broken.returncode == 1 and "the field 'table'" in broken.stdout
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    unreadable = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(tmp_path / "bad.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert unreadable.returncode == 2 and "cannot read" in unreadable.stderr


def test_the_documented_example_shoe_verifies_as_the_docs_show() -> None:
    example = VERIFIER.parents[1] / "docs" / "examples" / "shoe.json"
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(example)],
        capture_output=True,
        text=True,
        check=False,
    )
    shown = (
        "shoe 2: OK, commitment 1c78358261bcb67b7cf69f27646b964ac0d2b4c06289f650f8fc99ba4081d41a,"
        " 8 card(s) dealt match the seeds\n1 shoe(s) checked, 0 not revealed yet.\n"
    )
    assert result.returncode == 0 and result.stdout == shown
    for doc in ("README.md", "docs/fair.md"):
        assert shown.strip() in (VERIFIER.parents[1] / doc).read_text(encoding="utf-8")
    shoe = fair.FairShoe.from_dict(json.loads(example.read_text(encoding="utf-8")))
    assert fair.verify_shoe(shoe)


def test_the_standalone_verifier_checks_the_steps_a_shoe_record_carries(tmp_path: Path) -> None:
    """A record of this scheme carries its commitments, reveals, players left out and
    times: a value that is not the committed one, a wrong list of players left out, or
    reveals closed early on a player are refused from the record alone."""
    example = VERIFIER.parents[1] / "docs" / "examples" / "shoe.json"
    good = json.loads(example.read_text(encoding="utf-8"))
    assert good["excluded"] == ["Bruno"] and len(good["commitments"]) == 2
    bad_value = json.loads(json.dumps(good))
    bad_value["reveals"][0]["value"] = "ab" * 32
    early = json.loads(json.dumps(good))
    early["times"]["closed"] = early["times"]["reveals_opened"]
    cases = {
        "left out are -, but those who committed and did not reveal are Bruno": {
            **good,
            "excluded": [],
        },
        "the value Ana reveals is not the one their commitment binds": bad_value,
        "the reveals closed before their time was up, leaving out Bruno": early,
    }
    for text, record in cases.items():
        result = run_verifier(record, tmp_path)
        assert result.returncode == 1 and "shoe 2: FAILED" in result.stdout, text
        assert text in result.stdout, result.stdout
