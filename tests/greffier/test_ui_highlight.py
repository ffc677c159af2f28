"""PDF pages rendered offline with the cited passage highlighted."""

from __future__ import annotations

import pytest

from greffier.ui.highlight import render_highlighted_page
from tests.pipelines.files import make_pdf

DURATION = "Le bail est consenti pour une durée de neuf années entières et consécutives à compter du 1er janvier 2024, sans tacite reconduction."


@pytest.fixture(scope="module")
def lease(tmp_path_factory):
    path = tmp_path_factory.mktemp("pdf") / "bail.pdf"
    written = make_pdf(path, [[("Article 1 - Durée", DURATION), ("Article 2 - Loyer", "Le loyer annuel est fixé à 48 000 euros.")], [("Article 3 - Résiliation", "Congé triennal.")]], title="Bail")
    return written


def _yellowish(pixel) -> bool:  # noqa: ANN001
    red, green, blue = pixel[:3]
    return red > 200 and green > 190 and blue < 200


def test_the_passage_is_found_and_highlighted(lease):
    lines = [text for page, text, _bold in lease.lines if page == 1 and ("durée" in text or "consécutives" in text or "reconduction" in text)]
    passage = "Article 1 - Durée\n" + "\n".join(lines)
    page = render_highlighted_page(lease.path, 1, passage, scale=1.0)
    assert page.found and page.page_count == 2
    assert len(page.boxes) >= 2  # the heading and each body line
    for left, top, right, bottom in page.boxes:
        assert 0 <= left < right <= page.image.width and 0 <= top < bottom <= page.image.height
    left, top, right, bottom = page.boxes[-1]
    assert _yellowish(page.image.getpixel((int(left) + 2, int(top) + 2)))
    focused = page.focus()
    assert focused.height < page.image.height and focused.width <= page.image.width


def test_a_passage_cut_differently_from_the_lines_is_found(lease):
    page = render_highlighted_page(lease.path, 1, "neuf années entières et consécutives à compter du 1er janvier 2024", scale=1.0)
    assert page.found


def test_case_and_spacing_do_not_matter(lease):
    page = render_highlighted_page(lease.path, 1, "LE LOYER   ANNUEL est fixé\n à 48 000 euros.", scale=1.0)
    assert page.found


def test_a_passage_not_on_the_page_is_drawn_without_highlight(lease):
    page = render_highlighted_page(lease.path, 2, DURATION, scale=1.0)
    assert not page.found and page.boxes == [] and page.focus() is page.image


def test_a_page_outside_the_document_is_refused(lease):
    with pytest.raises(ValueError, match="page 5 is outside bail.pdf"):
        render_highlighted_page(lease.path, 5, DURATION)


def test_the_large_view_keeps_the_highlight_in_view_at_every_zoom(lease):
    page = render_highlighted_page(lease.path, 1, "Le loyer annuel est fixé à 48 000 euros.", scale=2.0)
    left, top, right, bottom = page.boxes[0]
    whole = page.view(1.0, around_passage=False)
    assert whole.size == page.image.size
    for zoom in (1.0, 1.25, 1.5, 2.0):
        shown = page.view(zoom)
        assert abs(shown.width - page.image.width / zoom) <= 1 and shown.height < page.image.height
        # The crop's origin, found back in the page: the highlight's box lies inside the window.
        origin_x = min(max(0.0, (left + right) / 2 - shown.width / 2), page.image.width - shown.width)
        assert origin_x <= left and right <= origin_x + shown.width + 1
    blank = render_highlighted_page(lease.path, 2, "", scale=1.0)
    assert not blank.found and blank.view(2.0).width == blank.image.width // 2
