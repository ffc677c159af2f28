"""The data-room screen's view models on the public example data room."""

from __future__ import annotations

from datetime import date

import pytest

from greffier.config import load_settings
from greffier.errors import GreffierError
from greffier.services.ingest import Ingestor
from greffier.ui import dataroom
from tests.paths import EXAMPLE_DATAROOM

pytestmark = pytest.mark.skipif(not EXAMPLE_DATAROOM.is_file(), reason="shared example data room not available")


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    settings = load_settings(tmp_path_factory.mktemp("dataroom-ui") / "ws")
    Ingestor(settings).ingest(EXAMPLE_DATAROOM)
    return settings


def test_the_form_becomes_tool_arguments():
    assert dataroom.build_arguments() == {}
    arguments = dataroom.build_arguments(
        parties=["groupe_brenalis"], law_not_in=["droit français"], ends_before=date(2026, 12, 31), signed_after=date(2024, 1, 1), text="  exclusivité ",
    )
    assert arguments == {
        "filters": {"entity_ids": ["groupe_brenalis"], "governing_law": {"not_in": ["droit français"]},
                    "signature_date": {"after": "2024-01-01"}, "end_date": {"before": "2026-12-31"}},
        "query": "exclusivité",
    }


def test_filter_choices_come_from_the_data(settings):
    options = dataroom.filter_options(settings)
    assert options["entities"]["groupe_brenalis"] == "Groupe Brenalis"
    assert "avenant" in options["types"] and "droit suisse" in options["laws"]
    assert options["contracts"] == 20


def test_brenalis_by_end_2026_lists_every_exclusion(settings):
    data = dataroom.table(settings, dataroom.build_arguments(parties=["groupe_brenalis"], ends_before=date(2026, 12, 31)))
    assert [r["contract_id"] for r in data.results] == ["c04"]
    by_id = {row["id"]: row for row in data.left_out}
    assert set(by_id) == {"c08", "c17", "c09"}
    assert by_id["c08"]["reason"] == "a filtered field is unknown or uncertain" and "no end date" in by_id["c08"]["detail"]
    assert by_id["c09"]["reason"] == "an amendment moved the end date" and "2028-06-30" in by_id["c09"]["detail"]
    assert data.rows[0]["id"] == "c04" and data.rows[0]["ends"] == date(2026, 11, 30)
    assert data.columns[:5] == ["id", "title", "ends", "initial end", "current term ends"] and "parties" in data.columns[:6]  # the filtered columns first


def test_every_page_is_followed(settings):
    page = dataroom.search_page(settings, {}, offset=0, limit=5)
    assert len(page["results"]) == 5 and page["next_offset"] == 5
    everything = dataroom.search_all(settings, {})
    assert len(everything["results"]) == everything["total_results"] == 19  # the amendment c18 is listed with its contract
    assert "next_offset" not in everything


def test_timeline_marks_amended_ends_and_skips_unknown_dates(settings):
    names = dataroom.contract_names(settings)
    rows, undrawn = dataroom.timeline_rows(dataroom.search_all(settings, {})["results"], names)
    c09 = next(row for row in rows if row["id"] == "c09")
    assert c09["amended"] == "amended end" and c09["initial_end"] == "2026-06-30" and c09["end"] == "2028-06-30"
    assert c09["contract"].startswith("Contrat de fourniture d'électricité") and c09["amended_by"] == names["c18"]  # names, not ids
    assert {names["c08"], names["c17"]} <= set(undrawn)
    assert len({row["contract"] for row in rows}) == len(rows)  # one bar per contract


def _results(count: int) -> list[dict]:
    """``count`` search results with dates, long titles, the first one's end moved by an amendment."""
    return [{
        "contract_id": f"c{i:02d}", "title": f"CONTRAT N° {i} D'APPROVISIONNEMENT EN PLANTES AROMATIQUES ET MÉDICINALES DU GROUPE", "filename": f"c{i}.pdf",
        "signature_date": f"20{10 + i % 10}-01-15", "end_date": "2030-06-30", "initial_end_date": "2026-06-30" if i == 0 else "2030-06-30",
        "amended_by": ["c99"] if i == 0 else [],
    } for i in range(count)]


def _layer_with(spec: dict, mark: str) -> dict:
    return next(layer for layer in spec["layer"] if (layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]) == mark)


@pytest.mark.parametrize("count", [2, 3, 25])
def test_timeline_gives_every_contract_a_row_of_its_own_whatever_their_number(count):
    # Filtered on one party (8 bars in a 208-pixel chart that Streamlit fits whole), the first labels ran into each
    # other: the rows were a share of a total height, and Streamlit's theme set the first label flush with the top.
    rows, _ = dataroom.timeline_rows(_results(count))
    spec = dataroom.timeline_chart(rows, today=date(2026, 12, 4)).to_dict()
    assert spec["height"] == {"step": dataroom.TIMELINE_ROW_PX} and dataroom.TIMELINE_ROW_PX >= 24  # a row per contract, not a share
    assert spec["autosize"]["type"] == "fit-x"  # Streamlit's default « fit » would squeeze the rows back into a total height
    bars = _layer_with(spec, "bar")
    axis = bars["encoding"]["y"]["axis"]
    assert axis["labelFlush"] is False and axis["labelOverlap"] is False and axis["labelBaseline"] == "middle"  # level with its bar, none hidden
    assert axis["labelLimit"] == dataroom.TIMELINE_LABEL_PX and bars["mark"]["height"] < dataroom.TIMELINE_ROW_PX
    data = next(iter(spec["datasets"].values()))
    assert len(data) == count and len({row["contract"] for row in data}) == count  # one labelled row per contract
    # the labels are cut, the bar's tooltip names the contract in full
    assert all(len(row["contract"]) <= dataroom.TIMELINE_LABEL and row["contract"].endswith("…") for row in data)
    assert all(row["name"].startswith(row["contract"][:-1]) and len(row["name"]) > dataroom.TIMELINE_LABEL for row in data)
    assert "tooltip" not in bars["encoding"] and "datum.tip_0" in bars["mark"]["tooltip"]["expr"]  # per row: see the tooltip test
    assert all(row["tip_0"] == row["name"] for row in data)  # the tooltip's heading: the contract in full
    tick = _layer_with(spec, "tick")  # the end before the amendment: on the first contract's row only
    assert tick["transform"] == [{"filter": "isValid(datum.initial_end)"}] and [row["initial_end"] for row in data if row["initial_end"]] == ["2026-06-30"]


def test_timeline_tooltip_shows_only_the_fields_a_contract_has_in_iso_dates():
    # Every contract never amended read « initial end: null » and an empty « amended by », its dates « Jun 15, 2023 »
    # where the tables write 2023-06-15; the legend named « amended end » with no amended contract drawn.
    rows, _ = dataroom.timeline_rows(_results(3), {"c99": "AVENANT N° 1"})
    plain, amended = rows[1]["tooltip"], rows[0]["tooltip"]
    assert plain == {"title": rows[1]["name"], "signed": "2011-01-15", "ends": "2030-06-30"}  # no null, no empty field
    assert amended == {"title": rows[0]["name"], "signed": "2010-01-15", "ends": "2030-06-30", "initial end": "2026-06-30", "amended by": "AVENANT N° 1"}
    spec = dataroom.timeline_chart(rows, today=date(2026, 12, 4)).to_dict()
    bars = _layer_with(spec, "bar")
    expr = bars["mark"]["tooltip"]["expr"]  # an object per row, a field left undefined (so not shown) where that row has no value
    for label in ("title", "signed", "ends", "initial end", "amended by"):
        assert f'"{label}": isValid(datum.' in expr
    data = next(iter(spec["datasets"].values()))
    columns = {label: f"tip_{i}" for i, label in enumerate(["title", "signed", "ends", "initial end", "amended by"])}
    assert data[1][columns["initial end"]] is None and data[1][columns["amended by"]] is None and data[0][columns["amended by"]] == "AVENANT N° 1"
    assert "tooltip" not in data[0]  # a dict column would not survive Streamlit's Arrow transfer
    axis_format = bars["encoding"]["x"]["axis"]["format"]
    assert axis_format["year"] == "%Y" and axis_format["month"] == "%Y-%m" and axis_format["date"] == "%Y-%m-%d"  # ISO, as the tables
    tick = _layer_with(spec, "tick")
    assert {t["field"]: t["type"] for t in tick["encoding"]["tooltip"]}["initial_end"] == "nominal"  # its ISO text, not a US date
    assert bars["encoding"]["color"]["scale"]["domain"] == ["original term", "amended end"]
    # no amended contract drawn: no « amended end » in the legend
    unamended, _ = dataroom.timeline_rows(_results(3)[1:])
    color = _layer_with(dataroom.timeline_chart(unamended).to_dict(), "bar")["encoding"]["color"]
    assert color["scale"]["domain"] == ["original term"] and len(color["scale"]["range"]) == 1


def test_an_amendment_listed_is_a_mark_on_the_day_it_was_signed_not_a_term():
    # the app walk: filtered on a signature year, the demo's two amendments were drawn as bars from their signature to their
    # contract's end, as if they ran for that term of their own
    results = _results(2) + [{"contract_id": "c99", "title": "AVENANT N° 1", "filename": "a.docx", "signature_date": "2026-02-10",
                              "end_date": "2030-06-30", "initial_end_date": "2030-06-30", "is_amendment": True, "amends": "c00", "amended_by": []}]
    rows, undrawn = dataroom.timeline_rows(results, {"c00": "CONTRAT N° 0", "c99": "AVENANT N° 1"})
    mark = next(row for row in rows if row["id"] == "c99")
    assert not undrawn and mark["amended"] == dataroom.AMENDMENT and mark["end"] is None
    assert mark["tooltip"] == {"title": "AVENANT N° 1", "signed": "2026-02-10", "amends": "CONTRAT N° 0"}
    spec = dataroom.timeline_chart(rows, today=date(2026, 12, 4)).to_dict()
    bars, point = _layer_with(spec, "bar"), _layer_with(spec, "point")
    assert bars["transform"] == [{"filter": f'datum.amended != "{dataroom.AMENDMENT}"'}]
    assert point["transform"] == [{"filter": f'datum.amended == "{dataroom.AMENDMENT}"'}] and "x2" not in point["encoding"]
    assert bars["encoding"]["color"]["scale"]["domain"] == ["original term", "amended end", "amendment signed"]
    # no amendment listed: no mark layer, no legend entry
    plain = dataroom.timeline_chart(dataroom.timeline_rows(_results(2))[0]).to_dict()
    assert not any((layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]) == "point" for layer in plain["layer"])


def test_contracts_are_named_by_title_and_file_where_titles_are_shared():
    names = dataroom.name_contracts([
        ("c01", "BAIL  COMMERCIAL", "room/bail.pdf"), ("c02", "BAIL COMMERCIAL", "room/copie/bail - copie.docx"),
        ("c03", "CONTRAT DE PRÊT", "room/pret.pdf"), ("c04", None, "room/lettre.txt"), ("c05", None, None),
    ])
    assert names == {
        "c01": "BAIL COMMERCIAL (bail.pdf)", "c02": "BAIL COMMERCIAL (bail - copie.docx)", "c03": "CONTRAT DE PRÊT", "c04": "lettre.txt", "c05": "c05",
    }


def test_the_left_out_banner_tells_decided_contracts_from_those_to_check_by_hand():
    def rows(*reasons):  # noqa: ANN202
        return [{"reason": reason} for reason in reasons]

    indefinite, moved, unknown = "no end date: indefinite term", "an amendment moved the end date", "a filtered field is unknown or uncertain"
    assert dataroom.left_out_summary(rows(indefinite)) == "1 contract has no end date (indefinite term) and is listed apart."
    assert dataroom.left_out_summary(rows(indefinite, indefinite, moved, unknown)) == (
        "2 contracts have no end date (indefinite term) and are listed apart; 1 contract ends outside these dates since an amendment"
        " moved its end, and is listed apart; 1 contract cannot be decided on these filters: check it by hand."
    )
    assert dataroom.left_out_summary(rows(unknown, "metadata and text disagree")) == "2 contracts cannot be decided on these filters: check them by hand."
    assert dataroom.undecided_count(rows(indefinite, moved)) == 0 and dataroom.left_out_summary([]) == ""
    # a memo alone left out: the box above it says why (it was drawn empty)
    assert dataroom.left_out_summary(rows("not a contract")) == (
        "1 document is not a contract (a note, minutes, a report): no filter applies to it, listed apart."
    )


def test_contract_detail_says_where_each_value_comes_from(settings):
    detail = dataroom.contract_detail(settings, "c09")
    end = next(row for row in detail["metadata_rows"] if row["field"] == "end date")
    # read in the amendment: named by its title, not by the passage id « c18-2 »
    assert end["value"] == "2028-06-30" and end["source"] == "amendment" and end["article"].startswith("in « Avenant n°1 au contrat de fourniture")
    assert detail["amended_by"] == ["c18"] and detail["amended_by_names"][0].startswith("Avenant n°1") and detail["articles"]
    title = next(row for row in detail["metadata_rows"] if row["field"] == "title")
    assert title["article"] is None or "c09" not in title["article"]
    parties = next(row for row in detail["metadata_rows"] if row["field"] == "parties")
    assert "groupe_brenalis" not in parties["value"] and "Groupe Brenalis" in parties["value"]  # the name, not « (groupe_brenalis) »
    with pytest.raises(GreffierError, match="unknown contract id"):
        dataroom.contract_detail(settings, "c99")


def test_a_bad_filter_value_is_a_readable_error(settings):
    with pytest.raises(GreffierError, match="did you mean 'groupe_brenalis'"):
        dataroom.search_all(settings, {"filters": {"entity_ids": ["brenalis"]}})


def test_an_export_s_file_name_says_its_day_and_its_filters():
    # the app walk of round 38: every export was « greffier-dataroom.csv », whatever its filters
    from datetime import date

    from greffier.ui.dataroom import export_name

    day = date(2026, 12, 7)
    assert export_name(["No filter: every contract of the data room"], "csv", day) == "greffier-dataroom-2026-12-07.csv"
    assert export_name(["Ends on or before 2027-12-31", "Governing law: droit suisse"], "xlsx", day) == (
        "greffier-dataroom-2026-12-07-ends-on-or-before-2027-12-31-governing-law-droit-suisse.xlsx"
    )
