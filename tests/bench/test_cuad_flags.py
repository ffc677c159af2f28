"""benchmarks/cuad_flags.py helpers on hand-made inputs (no shared data, no model): the dev halves and
the matching of CUAD's quotes with a finding's excerpts."""

from __future__ import annotations

import pytest

from devtools.bench.scripts import load_script

flags = load_script("cuad_flags.py")
classification = load_script("cuad_classification.py")


def test_the_dev_halves_split_dev_and_dev_c_d_split_test_from_what_stays_held_out():
    rows = range(510)
    dev = {r for r in rows if classification.in_split(r, "dev")}
    half_a = {r for r in rows if classification.in_split(r, "dev-a")}
    half_b = {r for r in rows if classification.in_split(r, "dev-b")}
    test = {r for r in rows if classification.in_split(r, "test")}
    assert half_a | half_b == dev and not half_a & half_b and not dev & test and len(dev | test) == 510
    assert {0, 10, 500} <= half_a and {5, 15, 505} <= half_b
    dev_c = {r for r in rows if classification.in_split(r, "dev-c")}
    heldout = {r for r in rows if classification.in_split(r, "heldout")}
    assert dev_c | heldout == test and not dev_c & heldout and len(dev_c) == 51 and {2, 12, 502} <= dev_c
    # tenth round: dev-d taken out too, heldout2 what stays held out
    dev_d = {r for r in rows if classification.in_split(r, "dev-d")}
    heldout2 = {r for r in rows if classification.in_split(r, "heldout2")}
    assert dev_c | dev_d | heldout2 == test and not (dev_c | dev_d) & heldout2 and not dev_c & dev_d
    assert len(dev_d) == 51 and {4, 14, 504} <= dev_d and len(heldout2) == 306 and heldout2 <= heldout
    # eleventh round: dev-e taken out too, heldout3 what stays held out
    dev_e = {r for r in rows if classification.in_split(r, "dev-e")}
    heldout3 = {r for r in rows if classification.in_split(r, "heldout3")}
    assert dev_c | dev_d | dev_e | heldout3 == test and not (dev_c | dev_d | dev_e) & heldout3 and not dev_e & (dev_c | dev_d)
    assert len(dev_e) == 51 and {6, 16, 506} <= dev_e and len(heldout3) == 255 and heldout3 <= heldout2
    # fourteenth round: dev-f taken out too, heldout4 what stays held out
    dev_f = {r for r in rows if classification.in_split(r, "dev-f")}
    heldout4 = {r for r in rows if classification.in_split(r, "heldout4")}
    assert dev_c | dev_d | dev_e | dev_f | heldout4 == test and not (dev_c | dev_d | dev_e | dev_f) & heldout4
    assert not dev_f & (dev_c | dev_d | dev_e) and len(dev_f) == 51 and {8, 18, 508} <= dev_f
    assert len(heldout4) == 204 and heldout4 <= heldout3
    with pytest.raises(ValueError, match="unknown split 'dev-g'"):
        classification.in_split(5, "dev-g")


def test_a_quote_is_covered_by_an_excerpt_that_holds_part_of_it_whatever_the_spacing():
    quote = "Licensor may terminate this Agreement:<omitted>(2)   Upon thirty (30) days prior written notice if Licensee merges with another entity."
    excerpt = "(b) Licensor may terminate this Agreement: … (2) Upon thirty (30) days prior written notice if Licensee merges with another entity."
    assert flags.quote_covered(quote, [excerpt])
    assert not flags.quote_covered(quote, ["Either party may assign this Agreement to an Affiliate upon notice to the other party."])


def test_the_uncovered_quotes_of_a_category_are_listed_with_their_contract():
    missed = [{"contract": "cuad105", "file": "x.txt", "quote": "In the case of a merger,\n  any attempt to assign   is void."}]
    report = flags.uncovered_report("Change Of Control", missed)
    assert report.splitlines() == ["Change Of Control: 1 quotes not covered", "- cuad105: In the case of a merger, any attempt to assign is void."]
    assert flags.uncovered_report("Non-Compete", []) == "Non-Compete: 0 quotes not covered"


def test_the_metadata_benchmark_cuts_cuad_the_same_way():
    metadata = load_script("cuad_metadata.py")
    for split in ("dev", "test", "dev-a", "dev-b", "dev-c", "heldout"):
        assert {r for r in range(510) if metadata.in_split(r, split)} == {r for r in range(510) if classification.in_split(r, split)}, split
