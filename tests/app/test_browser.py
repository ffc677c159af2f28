"""The five screens in a real browser, as a partner sees them in a demo: ``streamlit run app.py`` on a
free loopback port, driven by Debian's Chromium through Playwright, on the bundled demo data room
(``demo/generate.py``, written by the test: no file outside the repository is needed).

It walks Documents (ingest, a corrupt upload reported alone), the sidebar (models, knobs), Chat (a
cited answer, chips numbered 1..n naming file and article in full on hover, the cited page large with
zoom and page turning, the trace in plain words), Data room (full-width table, amendments under their
contract, counts reconciled, exports), Duplicates (a retyped copy's two differences) and Compliance
(scan wording, a flag's page and section, review, report), and saves a screenshot of each screen in
docs/screenshots/. Every request the browser makes must stay on this machine.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path
from urllib.parse import urlparse

import pytest

from demo import generate as demo_generate
from tests.paths import REPO
from tests.pipelines.files import make_corrupt_pdf, make_markdown

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = REPO / "docs" / "screenshots"
VIEWPORT = {"width": 1500, "height": 1050}
STARTUP_S = 90
LOAN = "Contrat_credit_Banque_Hauterive_2023.pdf"
LEASE_PDF = "Bail_commercial_entrepot_Portes-les-Valence_2018.pdf"
ENDS_BY_2026 = {"filters": {"end_date": {"before": "2026-12-31"}}}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A Streamlit server on an empty workspace, the demo data room written beside it; yields
    (url, workspace, data room folder, folder of extra files, log path)."""
    if not CHROMIUM.exists():
        pytest.skip("Chromium not installed (make browser-deps installs it)")
    pytest.importorskip("playwright.sync_api")
    base = tmp_path_factory.mktemp("browser")
    room = base / "dataroom"
    demo_generate.generate(room, base / "manifest.json")
    extra = base / "extra"
    extra.mkdir()
    make_markdown(extra / "note_interne.md", [("Article 1 - Objet", "Cette note résume la revue des baux du groupe.")], title="Note interne")
    make_corrupt_pdf(extra / "scan_abime.pdf")
    workspace = base / "ws"
    port = _free_port()
    log_path = base / "streamlit.log"
    env = {**os.environ, "GREFFIER_WORKSPACE": str(workspace), "GREFFIER_MODELS__LLM_BACKEND": "none"}
    command = [
        sys.executable, "-m", "streamlit", "run", str(REPO / "app.py"), "--server.port", str(port), "--server.address", "127.0.0.1",
        "--server.headless", "true", "--browser.gatherUsageStats", "false",
    ]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_S
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:  # noqa: S310 (loopback)
                    if response.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"streamlit did not start:\n{log_path.read_text(errors='replace')[-3000:]}")
            time.sleep(0.5)
        yield url, workspace, room, extra, log_path
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="module")
def page(server):
    from playwright.sync_api import sync_playwright

    url = server[0]
    outside: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
        tab = context.new_page()
        tab.set_default_timeout(60_000)
        tab.on("request", lambda request: outside.append(request.url) if urlparse(request.url).hostname not in ("127.0.0.1", "localhost", None) and not request.url.startswith(("data:", "blob:")) else None)
        tab.goto(url)
        tab.get_by_text("Greffier").first.wait_for()
        yield tab
        context.close()
        browser.close()
    assert outside == [], f"the app made requests off this machine: {outside[:5]}"


def wait_idle(tab, timeout_ms: int = 90_000) -> None:
    """Wait until Streamlit has finished running the script."""
    tab.wait_for_timeout(300)
    tab.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidgetRunningIcon\"], [data-testid=\"stStatusWidget\"] button')", timeout=timeout_ms)
    tab.wait_for_timeout(300)


def go(tab, url: str, title: str) -> None:
    tab.get_by_role("link", name=title).first.click()
    tab.wait_for_url(f"**/{url}*")  # the page, then the open workspace in the address (?workspace=…)
    wait_idle(tab)


def shot(tab, name: str, target=None, *, top=None) -> None:  # noqa: ANN001
    """Screenshot of the viewport (or of ``target``) once the script is idle, every image loaded and
    the tables drawn; the sidebar at its top, and the element ``top`` (a locator) at the top of the view."""
    wait_idle(tab)
    if target is None:
        tab.evaluate("() => { const side = document.querySelector('[data-testid=\"stSidebarContent\"]'); if (side) side.scrollTop = 0; }")
    if top is not None:
        # At the top, below the sticky navigation bar.
        top.first.evaluate(
            "element => { element.scrollIntoView({block: 'start'}); let box = element.parentElement;"
            " while (box && !(box.scrollHeight > box.clientHeight && box.clientHeight > 400 && ['auto', 'scroll'].includes(getComputedStyle(box).overflowY))) box = box.parentElement;"
            " (box || document.scrollingElement).scrollBy(0, -70); }"
        )
    tab.wait_for_function("() => Array.from(document.images).every(image => image.complete)")
    tab.mouse.move(5, VIEWPORT["height"] - 5)  # no tooltip in the picture
    tab.wait_for_timeout(900)  # the tables' canvas draws after the script
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (target or tab).screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def scroll_to(tab, text: str) -> None:
    tab.get_by_text(text, exact=True).first.scroll_into_view_if_needed()
    tab.wait_for_timeout(400)


def hover_tooltip(tab, target):  # noqa: ANN001, ANN201
    """The tooltip ``target`` shows when the mouse rests on it (hovered again if it was missed)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    tooltip = tab.get_by_role("tooltip").first
    for attempt in range(4):
        tab.mouse.move(5, VIEWPORT["height"] - 5)
        tab.wait_for_timeout(200)
        target.hover(position={"x": 12 + attempt, "y": 6})
        try:
            tooltip.wait_for(timeout=5_000)
            return tooltip
        except PlaywrightTimeout:
            continue
    tooltip.wait_for(timeout=5_000)
    return tooltip


def download(tab, button: str, *, at_once: bool = False) -> bytes:
    """The bytes the download button ``button`` gives (clicked again if a rerun swallowed the click); ``at_once``:
    clicked once, right after another download, without waiting for the page to settle — it must give its file."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if at_once:
        with tab.expect_download(timeout=30_000) as started:
            tab.get_by_role("button", name=button).first.click()
        return Path(started.value.path()).read_bytes()
    for _attempt in range(5):
        wait_idle(tab)
        target = tab.get_by_role("button", name=button).first
        target.scroll_into_view_if_needed()
        try:
            with tab.expect_download(timeout=30_000) as started:
                target.click()
            return Path(started.value.path()).read_bytes()
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"{button} gave no download")


def choose(tab, select, option) -> None:  # noqa: ANN001
    """Pick ``option`` (a name or a pattern) in the select box ``select`` (again if a late rerun closed the list)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _attempt in range(3):
        wait_idle(tab)
        select.click()
        try:
            tab.get_by_role("option", name=option).first.click(timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    wait_idle(tab)


def grid(tab, index: int = 0):  # noqa: ANN201
    """A dataframe's accessible grid: (header names, rows of cell texts) as the browser has them."""
    frame = tab.get_by_test_id("stDataFrame").nth(index)
    frame.scroll_into_view_if_needed()
    tab.wait_for_timeout(600)
    headers = [h.inner_text().strip() for h in frame.locator("[role='columnheader']").all()]
    rows = []
    for row in frame.locator("[role='row']").all()[1:]:
        cells = [c.inner_text().strip() for c in row.locator("[role='gridcell']").all()]
        if cells:
            rows.append(cells)
    return frame, headers, rows


def test_a_partner_demo_walks_the_five_screens(server, page, tmp_path):
    from playwright.sync_api import expect

    url, workspace, room, extra, log_path = server
    tab = page
    sidebar = tab.get_by_test_id("stSidebar")
    tab.get_by_text("No documents in this workspace yet").first.wait_for()
    shot(tab, "chat-empty-workspace")

    # --- Documents: the demo data room, then an upload, then a corrupt upload reported alone -------
    go(tab, "documents", "Documents")
    field = tab.get_by_label("Folder, file or data-room JSON")
    field.fill(str(room))
    field.press("Enter")
    wait_idle(tab)
    tab.get_by_role("button", name="Ingest", exact=True).click()
    tab.get_by_text("26 files indexed.").first.wait_for(timeout=240_000)
    wait_idle(tab)
    # the uploader is re-created empty after each ingest: on a loaded machine the old one is still on the page for a moment
    uploader = tab.get_by_test_id("stFileUploaderDropzoneInput")
    expect(uploader).to_have_count(1, timeout=30_000)
    uploader.set_input_files(str(extra / "note_interne.md"))
    tab.get_by_role("button", name="Ingest uploaded files").click()
    tab.get_by_text("1 file indexed.", exact=True).first.wait_for(timeout=120_000)
    wait_idle(tab)
    expect(tab.get_by_test_id("stFileUploaderDropzoneInput")).to_have_count(1, timeout=30_000)
    tab.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(extra / "scan_abime.pdf"))
    tab.get_by_role("button", name="Ingest uploaded files").click()
    tab.get_by_text("1 file failed.", exact=True).first.wait_for(timeout=120_000)
    wait_idle(tab)
    alerts = " ".join(tab.get_by_test_id("stAlert").all_inner_texts())
    assert "1 file failed." in alerts and "unchanged" not in alerts, "the earlier upload is not reported again"
    failure = tab.get_by_test_id("stMarkdownContainer").filter(has_text="uploads/scan_abime.pdf").first
    assert failure.inner_text().rstrip().endswith("re-ingest"), "the whole error, never cut"
    models_line = tab.get_by_text(re.compile(r"^Embedder: .* LLM: ")).first.inner_text()
    assert "LLM: none — answers are extractive" in models_line and "auto" not in models_line
    assert tab.get_by_test_id("stMetric").filter(has_text="Documents").get_by_test_id("stMetricValue").inner_text() == "27"
    shot(tab, "documents", top=tab.get_by_test_id("stAlert").filter(has_text="1 file failed."))

    # --- Sidebar: no reranker here, so the toggle is off and says why; the score knob is on 0..1 ---
    rerank = sidebar.get_by_role("switch", name="Rerank with the cross-encoder")
    assert rerank.is_disabled() and not rerank.is_checked()
    assert sidebar.get_by_text(re.compile(r"^Off: no cross-encoder found locally")).first.is_visible()
    score = sidebar.get_by_role("slider", name="Minimum score")
    assert (score.get_attribute("min"), score.get_attribute("max")) == ("0", "1")
    sidebar.get_by_text("Minimum score", exact=True).first.scroll_into_view_if_needed()
    shot(tab, "sidebar-knobs", sidebar)

    # --- Chat: a cited answer, chips 1..n, the cited page large, the trace in plain words ----------
    go(tab, "", "Chat")
    header = tab.get_by_text(re.compile(r"^Mode rag · ")).first.inner_text()
    assert "Answers are extractive" in header and "11434" not in header and not tab.locator("a[href*='11434']").count()
    box = tab.get_by_test_id("stChatInputTextArea")
    box.fill("Quel est le loyer annuel du bail commercial de l'entrepôt ?")
    box.press("Enter")
    tab.get_by_text("Sources", exact=True).first.wait_for()
    tab.get_by_text(re.compile("186 000 euros")).first.wait_for()
    wait_idle(tab)
    chips = tab.get_by_role("button", name=re.compile(r"^\[\d+\] "))
    chips.first.wait_for()  # drawn once the streamed answer is stored and the page drawn again
    wait_idle(tab)
    answer = tab.get_by_test_id("stChatMessage").nth(1).get_by_test_id("stMarkdownContainer").first.inner_text()
    cited = [int(n) for group in re.findall(r"\[([\d, ]+)\]", answer) for n in group.split(",")]
    numbers = [int(re.match(r"\[(\d+)\]", c.inner_text()).group(1)) for c in chips.all()]
    # 1..n, no gap; the rent's two sentences both come from ARTICLE 4, so one chip may be all (several citations'
    # numbering is tested on the answer itself: tests/greffier/test_answering.py)
    assert numbers and numbers == list(range(1, len(numbers) + 1)), numbers
    assert list(dict.fromkeys(cited)) == numbers, (cited, numbers)  # numbered in the order the answer cites them
    first_chip = tab.get_by_role("button", name=re.compile(r"^\[\d+\] Bail_commercial_entrepot_Portes-les…")).first  # the name cut at a word
    tooltip = hover_tooltip(tab, first_chip)
    assert tooltip.inner_text().startswith(f"{LEASE_PDF} — p. 2 — ARTICLE 4 — LOYER"), tooltip.inner_text()
    tab.mouse.move(5, VIEWPORT["height"] - 5)
    shot(tab, "chat", top=tab.get_by_role("heading", name="Chat"))

    first_chip.click()
    dialog = tab.get_by_role("dialog")
    dialog.get_by_text("Page 2 sur 3 — le passage cité est surligné").wait_for()  # the question is French: the viewer too
    wait_idle(tab)
    image = dialog.get_by_role("img").first
    assert image.bounding_box()["width"] >= 1000, "the page is shown large"
    natural, unzoomed = image.evaluate("img => img.naturalWidth"), image.get_attribute("src")
    zoom = dialog.get_by_role("slider", name="Zoom")
    zoom.focus()
    tab.keyboard.press("ArrowRight")
    wait_idle(tab)
    expect(dialog.get_by_role("img").first).not_to_have_attribute("src", unzoomed or "", timeout=30_000)
    assert dialog.get_by_role("img").first.evaluate("img => img.naturalWidth") < natural, "zoomed: a narrower part of the page, drawn as wide"
    dialog.get_by_text("Page 2 sur 3 — le passage cité est surligné").wait_for()
    shot(tab, "chat-page-viewer")
    dialog.get_by_role("button", name="Page ▶").click()
    dialog.get_by_text("Page 3 sur 3 — le passage est en page 2").wait_for()
    dialog.get_by_role("button", name="Revenir en page 2").click()
    dialog.get_by_text("Page 2 sur 3 — le passage cité est surligné").wait_for()
    tab.keyboard.press("Escape")
    expect(tab.get_by_role("dialog")).to_have_count(0)
    wait_idle(tab)

    # A question naming a contract: the trace says, in French, what was searched and inside which contract.
    box = tab.get_by_test_id("stChatInputTextArea")
    box.fill("Dans le contrat de crédit Banque Hauterive, quels sont les cas d'exigibilité anticipée ?")
    box.press("Enter")
    tab.get_by_text(re.compile("exigibilité anticipée de toutes les sommes dues")).first.wait_for()
    tab.get_by_text("Comment cette réponse a été trouvée").nth(1).wait_for()
    wait_idle(tab)
    answer = tab.get_by_test_id("stChatMessage").nth(3).get_by_test_id("stMarkdownContainer").first.inner_text()
    assert "Page 2 / 3" not in answer and "Paraphes" not in answer, "page furniture is not quoted"
    trace = tab.get_by_test_id("stExpander").filter(has_text="Comment cette réponse a été trouvée").last
    trace.locator("summary").click()
    plain = trace.get_by_role("tabpanel").first
    plain.get_by_text(re.compile(r"^Recherché — «\s.*\s» — uniquement dans " + re.escape(LOAN))).first.wait_for()
    told = plain.inner_text()
    assert re.search(r"Trouvé — \d+ passages", told) and "retenu, cité [1]" in told and "écarté" in told and "ce que demande la question" in told
    assert not re.search(r"\bc\d+-\d+\b", told) and "dense_score" not in told, "no chunk id or raw score in the plain trace"
    shot(tab, "chat-trace", top=trace)
    trace.get_by_role("tab", name="Détails techniques").click()
    expect(trace.get_by_text(re.compile(r"Relevance: \d+ of \d+ passages kept"))).to_be_visible()

    # The pipeline graph and the hardware panel, in the sidebar.
    sidebar.get_by_text("Pipeline", exact=True).first.click()
    sidebar.locator("[data-testid='stGraphVizChart'] svg").first.wait_for()
    assert sidebar.locator("[data-testid='stGraphVizChart'] svg g.node").count() >= 6
    wait_idle(tab)
    sidebar.get_by_test_id("stExpander").filter(has_text="Pipeline").first.screenshot(path=str(SCREENSHOTS / "sidebar-pipeline.png"))
    sidebar.get_by_text("Pipeline", exact=True).first.click()
    sidebar.get_by_text("Hardware", exact=True).first.click()
    sidebar.get_by_text("Device: CPU").first.wait_for()
    assert sidebar.get_by_text("Models in memory: embedder").first.is_visible()
    wait_idle(tab)
    sidebar.get_by_test_id("stExpander").filter(has_text="Hardware").first.screenshot(path=str(SCREENSHOTS / "sidebar-hardware.png"))
    sidebar.get_by_text("Hardware", exact=True).first.click()

    # --- Data room: full width, amendments under their contract, counts reconciled, exports -------
    go(tab, "dataroom", "Data room")
    tab.get_by_text("Parties (all of them)").first.wait_for()
    # 24 demo contracts and the uploaded note; the supply contract's two amendments are listed under it, and the working copy of a lease
    # and the courtesy translation of the Benelux agreement are counted with their originals, as the chat counts them (the app walk of
    # round 38)
    tab.get_by_text("23 contracts + 2 amendments + 2 copies of them", exact=True).first.wait_for()
    tab.get_by_text(re.compile(r"^In the data room: 23 contracts \+ 2 amendments \+ 2 copies or translations of contracts = the 27 documents of the"
                               r" workspace; an amendment is listed under")).first.wait_for()
    frame, headers, rows = grid(tab)
    assert frame.bounding_box()["width"] >= 0.85 * tab.get_by_test_id("stMainBlockContainer").bounding_box()["width"], "the table is full width"
    titles = [row[headers.index("title")] for row in rows]
    supply = next(i for i, t in enumerate(titles) if t.startswith("CONTRAT D'APPROVISIONNEMENT"))
    assert titles[supply + 1].startswith("↳ AVENANT N° 1") and titles[supply + 2].startswith("↳ AVENANT N° 2")
    assert not any(cell == "None" for row in rows for cell in row)
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}|", row[headers.index("signed")]) for row in rows)
    # the link names the workspace too: opened in a new tab, it opened the default workspace's contract of that id (app walk, round 34)
    assert all(re.match(r"\?workspace=[^&]+&contract=c\d+$", row[headers.index("detail")]) for row in rows), rows[0]
    supply_link = rows[supply][headers.index("detail")]
    scroll_to(tab, "Timeline of the terms")
    shot(tab, "dataroom-timeline")
    tab.get_by_role("spinbutton", name="year, Ends on or before").click()
    tab.keyboard.type("20261231")
    tab.keyboard.press("Tab")
    tab.get_by_role("button", name="Apply filters").click()
    wait_idle(tab)
    tab.get_by_text("Ends on or before 2026-12-31", exact=False).first.wait_for()
    frame, headers, rows = grid(tab)
    # the title pinned first, the filtered column right after it, no id among them (the internal key is the last column: test_pages)
    assert headers[:4] == ["title", "detail", "ends", "initial end"] and "id" not in headers, headers
    assert tab.get_by_text("An amendment moved the end date").first.is_visible()
    tab.get_by_role("heading", name=re.compile(r"^\d+ contracts?")).first.scroll_into_view_if_needed()
    shot(tab, "dataroom", top=tab.get_by_test_id("stMetric"))
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(download(tab, "Export XLSX")))
    assert workbook.sheetnames == ["Filters", "Contracts", "Left out", "Warnings"]
    cover = [cell for row in workbook["Filters"].iter_rows(values_only=True) for cell in row if cell]
    assert "Ends on or before 2026-12-31" in cover
    contracts = workbook["Contracts"]
    header_row = [c.value for c in contracts[1]]
    assert isinstance(contracts.cell(row=2, column=header_row.index("ends") + 1).value, datetime)
    assert contracts.auto_filter.ref and contracts.freeze_panes == "A2"
    assert {row[3] for row in workbook["Left out"].iter_rows(min_row=2, values_only=True)} >= {"an amendment moved the end date"}
    from_app = download(tab, "Export CSV", at_once=True)  # the second export, clicked before anything redraws
    cli_out = tmp_path / "room.csv"
    subprocess.run([sys.executable, "-m", "greffier", "dataroom", "export", "--args", json.dumps(ENDS_BY_2026), "--format", "csv", "--out", str(cli_out),
                    "--workspace", str(workspace)], cwd=REPO, check=True, capture_output=True, env={**os.environ, "GREFFIER_MODELS__LLM_BACKEND": "none"})
    assert cli_out.read_bytes() == from_app, "the CLI writes the same file"
    assert list(csv.DictReader(io.StringIO(from_app.decode("utf-8-sig"))))[0]["ends"].startswith("20")
    # The detail of the supply contract, by its « open » link; empty values are « — », never "None".
    tab.goto(f"{url}/dataroom{supply_link}")
    tab.get_by_text("Amended by").first.wait_for()
    wait_idle(tab)
    scroll_to(tab, "Contract detail")
    _meta_frame, meta_headers, meta_rows = grid(tab, -1)
    assert meta_headers[:3] == ["field", "value", "source"] and not any(cell == "None" for row in meta_rows for cell in row)
    shot(tab, "dataroom-detail", top=tab.get_by_role("heading", name="Contract detail"))

    # --- Duplicates: the retyped Word copy of the PDF lease shows its two differences only ---------
    go(tab, "duplicates", "Duplicates")
    tab.get_by_text("Why:").first.wait_for()
    summary = tab.get_by_text(re.compile(r"^2 differences: 2 in 3 changed sentences, 0 sentences only on the left, 0 only on the right; \d+ identical, in 14 aligned articles\.$")).first
    summary.wait_for()
    changes = [li.inner_text() for li in tab.locator("li").filter(has_text=" — in ").all()]
    assert changes == ["MONTÉLIER → MONTELIER — in 2 sentences", "14 septembre 2018 → 14/09/2018 — in 1 sentence"], changes
    shot(tab, "duplicates", top=tab.get_by_test_id("stMarkdownContainer").filter(has_text="Why:"))
    choose(tab, tab.get_by_test_id("stSelectbox").filter(has_text="Compare"), re.compile("translation"))
    tab.get_by_text(re.compile(r"^A translation \(fr / en\)")).first.wait_for()

    # --- Compliance: the scan says what happened; a flag shows its page and section ---------------
    go(tab, "compliance", "Compliance")
    tab.get_by_role("button", name="Run scan").click()
    headline = tab.get_by_text(re.compile(r"^Scan complete in [\d.]+ s; 1 rule needs an LLM and was not run: \d+ flags on \d+ contracts")).first
    headline.wait_for(timeout=240_000)
    wait_idle(tab)
    assert not tab.get_by_text(re.compile("partial", re.IGNORECASE)).count()
    shot(tab, "compliance")
    loan_flag = tab.get_by_test_id("stExpander").filter(has=tab.locator("summary", has_text=re.compile(r"Change of control clause · p\. 2 · ARTICLE 9"))).first
    label = loan_flag.locator("summary").inner_text()
    assert not re.search(r"\bc\d+-\d+\b", label), label
    loan_flag.locator("summary").click()
    switch = loan_flag.get_by_role("switch", name="Open the cited passage")
    switch.wait_for()
    wait_idle(tab)  # the expander opened and laid out: a click during its animation can land on nothing
    loan_flag.get_by_text("Open the cited passage").first.click()
    expect(switch).to_be_checked(timeout=15_000)
    wait_idle(tab)
    loan_flag.get_by_role("button", name="View page 2 large").wait_for()
    wait_idle(tab)
    open_before = int(tab.get_by_test_id("stMetric").filter(has_text="Open").get_by_test_id("stMetricValue").inner_text())
    status = loan_flag.get_by_test_id("stSelectbox").first
    choose(tab, status, "resolved")
    expect(status.get_by_role("combobox")).to_have_value("resolved")
    loan_flag.get_by_label("Note").first.fill("Renonciation obtenue — vérifié le 30/11")
    shot(tab, "compliance-flag", top=loan_flag)
    loan_flag.get_by_role("button", name="Save").first.click()
    wait_idle(tab)
    resolved = tab.get_by_test_id("stMetric").filter(has_text="Resolved").get_by_test_id("stMetricValue")
    expect(resolved).to_have_text("1", timeout=30_000)
    assert int(tab.get_by_test_id("stMetric").filter(has_text="Open").get_by_test_id("stMetricValue").inner_text()) == open_before - 1
    report = download(tab, "Report (MD)").decode("utf-8")
    filters_line = next(line for line in report.splitlines() if line.startswith("Filters: "))
    assert filters_line.startswith("Filters: status open or escalated · playbook ") and "M&A due diligence red flags" in filters_line, filters_line
    assert "ma\\_due\\_diligence" not in filters_line and '{"' not in report  # the playbook by its title, not its id
    assert download(tab, "Export CSV", at_once=True).startswith("\ufeffexport filters,contract,file,place".encode())

    log = log_path.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


def test_the_chat_answers_at_its_name_too(server, page):
    # The chat is the default page, served at `/`; a user typing `/chat` (the name of the page) got « Page not found ».
    # A tab of its own, in the module's browser (one Playwright per process: a second one cannot start inside its loop).
    from playwright.sync_api import expect

    url = server[0]
    context = page.context.browser.new_context(viewport=VIEWPORT)
    try:
        tab = context.new_page()
        tab.set_default_timeout(60_000)
        chat = tab.get_by_role("heading", name="Chat", exact=True)
        tab.goto(url)  # a server that has run the app once (its very first request runs a page alone, through app.py)
        chat.wait_for()
        wait_idle(tab)
        for path in ("/dataroom", "/chat"):
            tab.goto(url + path)
            tab.get_by_text("Greffier").first.wait_for()
            wait_idle(tab)
        expect(chat).to_be_visible()
        # led to the chat at `/`, where the navigation marks it (the open workspace in the address: a reload stays in it)
        expect(tab).to_have_url(re.compile(re.escape(url) + r"/(?:\?workspace=[^&]+)?$"))
        assert tab.get_by_text("Page not found").count() == 0
    finally:
        context.close()
