"""The whole flow in a real browser: ``streamlit run app.py`` on a free loopback port, driven by
Debian's Chromium through Playwright. Ingest the example data room and test files, ask a question
and open a cited passage, filter the data room and see the excluded contracts, look at duplicates,
resolve a compliance flag and export. Screenshots of each screen go to docs/screenshots/.

Every request the browser makes must stay on this machine.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.app.conftest import write_room
from tests.paths import EXAMPLE_DATAROOM, REPO

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = REPO / "docs" / "screenshots"
VIEWPORT = {"width": 1500, "height": 1050}
STARTUP_S = 90


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A Streamlit server on an empty workspace; yields (url, workspace, room, log path)."""
    if not CHROMIUM.exists():
        pytest.skip("Chromium not installed (make browser-deps installs it)")
    pytest.importorskip("playwright.sync_api")
    base = tmp_path_factory.mktemp("browser")
    room = base / "room"
    write_room(room)
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
        yield url, workspace, room, log_path
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
    tab.wait_for_url(f"**/{url}")
    wait_idle(tab)


def shot(tab, name: str) -> None:
    """Screenshot of the viewport once the script is idle and every image has loaded."""
    wait_idle(tab)
    tab.wait_for_function("() => Array.from(document.images).every(image => image.complete)")
    tab.mouse.move(5, VIEWPORT["height"] - 5)  # no tooltip in the picture
    tab.wait_for_timeout(300)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def scroll_to(tab, text: str) -> None:
    tab.get_by_text(text, exact=True).first.scroll_into_view_if_needed()
    tab.wait_for_timeout(400)


def ingest(tab, path: Path, expected: str) -> None:
    field = tab.get_by_label("Folder, file or data-room JSON")
    field.fill(str(path))
    field.press("Enter")
    wait_idle(tab)
    tab.get_by_role("button", name="Ingest", exact=True).click()
    tab.get_by_text(expected).first.wait_for(timeout=120_000)
    wait_idle(tab)


def test_ingest_ask_filter_and_export_in_a_browser(server, page):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    url, workspace, room, log_path = server
    tab = page
    tab.get_by_text("No documents in this workspace yet").first.wait_for()
    shot(tab, "chat-empty-workspace")

    # Documents: the example data room first (its contracts become c01…c20), then the test files.
    go(tab, "documents", "Documents")
    if EXAMPLE_DATAROOM.is_file():
        ingest(tab, EXAMPLE_DATAROOM, "20 indexed")
    ingest(tab, room, "3 indexed")
    assert tab.get_by_text("1 failed").first.is_visible()
    scroll_to(tab, "Files that could not be ingested")
    shot(tab, "documents")

    # Chat: an extractive answer with citations; a citation opens its passage and its page.
    go(tab, "", "Chat")
    box = tab.get_by_test_id("stChatInputTextArea")
    box.fill("Quel est le loyer annuel du bail commercial ?")
    box.press("Enter")
    tab.get_by_text("Sources", exact=True).first.wait_for()
    tab.get_by_text("48 000 euros").first.wait_for()
    wait_idle(tab)
    citation = tab.get_by_role("button", name="bail_commercial").first
    citation.click()
    wait_idle(tab)
    panel = tab.get_by_text("passage highlighted")
    panel.first.wait_for()
    assert tab.get_by_role("img").count() >= 1
    shot(tab, "chat")
    tab.get_by_text("Trace — intent, plan, tool calls, relevance").first.click()
    tab.get_by_text("Relevance:").first.wait_for()
    shot(tab, "chat-trace")

    # The pipeline graph, drawn locally in the sidebar.
    tab.get_by_text("Pipeline", exact=True).first.click()
    graph = tab.locator("[data-testid='stGraphVizChart'] svg").first
    graph.wait_for()
    assert tab.locator("[data-testid='stGraphVizChart'] svg g.node").count() >= 6
    wait_idle(tab)
    tab.get_by_test_id("stSidebar").get_by_test_id("stExpander").filter(has_text="Pipeline").first.screenshot(path=str(SCREENSHOTS / "sidebar-pipeline.png"))
    tab.get_by_text("Pipeline", exact=True).first.click()

    # The hardware panel: device, memory, the embedder held in memory after the question.
    sidebar = tab.get_by_test_id("stSidebar")
    sidebar.get_by_text("Hardware", exact=True).first.click()
    sidebar.get_by_text("Device: CPU").first.wait_for()
    assert sidebar.get_by_text("Models in memory: embedder").first.is_visible()
    wait_idle(tab)
    sidebar.get_by_test_id("stExpander").filter(has_text="Hardware").first.screenshot(path=str(SCREENSHOTS / "sidebar-hardware.png"))
    sidebar.get_by_text("Hardware", exact=True).first.click()

    if EXAMPLE_DATAROOM.is_file():
        # Data room: Groupe Brenalis contracts ending by the end of 2026.
        go(tab, "dataroom", "Data room")
        tab.get_by_text("Parties (all of them)").first.wait_for()
        scroll_to(tab, "Timeline of the terms")
        shot(tab, "dataroom-timeline")
        parties = tab.get_by_test_id("stMultiSelect").first
        parties.click()
        tab.keyboard.type("Groupe Brenalis")
        tab.keyboard.press("Enter")
        tab.keyboard.press("Escape")
        tab.get_by_role("spinbutton", name="year, Ends on or before").click()
        tab.keyboard.type("20261231")
        tab.keyboard.press("Tab")
        tab.get_by_role("button", name="Apply filters").click()
        wait_idle(tab)
        tab.get_by_text("Excluded — an amendment moved the end date").first.wait_for()
        for contract_id in ("c08", "c17", "c09"):
            tab.get_by_text(contract_id, exact=True).filter(visible=True).first.wait_for(timeout=5_000)
        assert tab.get_by_text(re.compile(r"^1 of \d+$")).first.is_visible(), "one contract matches"
        shot(tab, "dataroom")
        with tab.expect_download() as download:
            tab.get_by_role("button", name="Export XLSX").click()
        assert download.value.suggested_filename == "greffier-dataroom.xlsx"
        # The detail of the contract an amendment extended.
        tab.get_by_text("Contract detail", exact=True).first.scroll_into_view_if_needed()
        tab.get_by_test_id("stSelectbox").filter(has_text="Open a contract").click()
        tab.keyboard.type("c09")
        tab.keyboard.press("Enter")
        wait_idle(tab)
        tab.get_by_text("Amended by").first.wait_for()
        scroll_to(tab, "Contract detail")
        shot(tab, "dataroom-detail")

        # Duplicates: the same file twice, and a courtesy translation.
        go(tab, "duplicates", "Duplicates")
        tab.get_by_text("Why:").first.wait_for()
        tab.locator("[data-testid='stCode'] code").filter(has_text="CONVENTION").first.wait_for()
        shot(tab, "duplicates")

    # Compliance: scan, open a flag and its passage, resolve it with a note, export.
    go(tab, "compliance", "Compliance")
    tab.get_by_role("button", name="Run scan").click()
    tab.get_by_text(re.compile(r"flag\(s\) on \d+ contract")).first.wait_for(timeout=120_000)
    wait_idle(tab)
    shot(tab, "compliance")
    first_flag = tab.get_by_test_id("stExpander").filter(has_text=re.compile(r"(HIGH|MEDIUM) · ")).first
    title = first_flag.locator("summary").inner_text().strip().splitlines()[-1]  # without the arrow icon's name
    flag = tab.get_by_test_id("stExpander").filter(has=tab.locator("summary", has_text=title)).first
    flag.locator("summary").click()
    flag.get_by_text("Open the cited passage").first.click()
    flag.get_by_text(re.compile("No page image|passage highlighted|about the whole contract")).first.wait_for()
    wait_idle(tab)
    open_before = int(tab.get_by_test_id("stMetric").filter(has_text="Open").get_by_test_id("stMetricValue").inner_text())
    status = flag.get_by_test_id("stSelectbox").first
    for _attempt in range(3):  # a late rerun can close the list as it opens
        status.click()
        try:
            tab.get_by_role("option", name="resolved").click(timeout=5_000)
            break
        except PlaywrightTimeout:
            wait_idle(tab)
    expect(status.get_by_role("combobox")).to_have_value("resolved")
    flag.get_by_label("Note").first.fill("Renonciation obtenue — vérifié le 30/11")
    shot(tab, "compliance-flag")
    flag.get_by_role("button", name="Save").first.click()
    wait_idle(tab)
    resolved = tab.get_by_test_id("stMetric").filter(has_text="Resolved").get_by_test_id("stMetricValue")
    expect(resolved).to_have_text("1", timeout=30_000)
    assert int(tab.get_by_test_id("stMetric").filter(has_text="Open").get_by_test_id("stMetricValue").inner_text()) == open_before - 1
    with tab.expect_download() as download:
        tab.get_by_role("button", name="Export CSV").click()
    path = download.value.path()
    assert Path(path).read_bytes().startswith("\ufeffflag_id,status".encode())

    log = log_path.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
