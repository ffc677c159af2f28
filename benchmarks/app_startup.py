"""App start-up: time to the first page and to the first answer token after ``streamlit run app.py``.

Run from the repository root (or ``python -m greffier bench app``):

    .venv/bin/python benchmarks/app_startup.py [--workspace DIR] [--question TEXT] [--no-browser] [--out FILE]

Two measures, each in fresh processes, in the same run:

1. **The real app.** ``streamlit run app.py`` on a free loopback port with a prepared workspace (a copy
   of the 1k-chunk synthetic workspace of ``benchmarks/query_scale.py`` when it exists, else a small
   generated data room). Polled until ``GET /`` serves the page's HTML and ``/_stcore/health`` answers.
   Then Chromium (Playwright, headless, ``/usr/bin/chromium``) opens the page: time until the chat
   input is drawn (the first page), then a question is typed in the chat input, and the time to the
   first words of the answer and to the end of the run are taken. A second question in the same
   session gives the warm figure.
2. **The answering service in-process** (the proxy that needs no browser): a fresh Python process
   imports Greffier and answers a question at once (cold: models load on the question), and another
   starts :func:`greffier.services.warmup.warm_up_models` first, as the app does, waits as long as a user
   takes to see the page and type (``--think`` seconds), then asks. First token and total, each.

No LLM is used (``GREFFIER_MODELS__LLM_BACKEND=none``): the first "token" is the first word of the
extractive answer, so what is measured is start-up, model loading and retrieval, not generation.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import greffier  # noqa: E402,F401  (privacy switches first)

RESULTS = REPO / "benchmarks" / "results"
PREPARED = RESULTS / "query_scale" / "ws_1k"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
QUESTION = "Quelle est la durée du contrat de distribution ?"
SECOND_QUESTION = "Who may terminate the agreement upon a change of control?"
START_TIMEOUT_S = 180
ANSWER_TIMEOUT_S = 240
THINK_S = 3.0


def _log(message: str) -> None:
    sys.stderr.write(f"[{time.strftime('%H:%M:%S')}] {message}\n")
    sys.stderr.flush()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def prepare_workspace(target: Path, source: Path | None) -> dict[str, Any]:
    """Copy the prepared workspace (chat history gets written: never touch the cached one)."""
    source = source or PREPARED
    if (source / ".greffier").is_dir():
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("writer.lock", "parts"))
        return {"source": str(source)}
    from greffier.config import load_settings
    from greffier.services.ingest import Ingestor
    from devtools.synthetic import generate_dataroom

    _log("no prepared workspace: ingesting a generated data room of 30 contracts")
    entries, _ = generate_dataroom(30, seed=5)
    target.mkdir(parents=True)
    room = target / "dataroom.json"
    room.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    Ingestor(load_settings(target)).ingest(room)
    return {"source": "generated (30 contracts)"}


def _environment(workspace: Path, warm_up: bool = True) -> dict[str, str]:
    return {**os.environ, "GREFFIER_WORKSPACE": str(workspace), "GREFFIER_MODELS__LLM_BACKEND": "none",
            "GREFFIER_MODELS__WARM_UP": "true" if warm_up else "false"}


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 (loopback only)
        return response.status, response.read(4096).decode("utf-8", errors="replace")


# --------------------------------------------------------------------------------------------------
# 1. The real app
# --------------------------------------------------------------------------------------------------


def measure_app(workspace: Path, question: str, browser: bool, warm_up: bool = True, think_s: float = THINK_S) -> dict[str, Any]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable, "-m", "streamlit", "run", str(REPO / "app.py"), "--server.port", str(port),
        "--server.address", "127.0.0.1", "--server.headless", "true", "--browser.gatherUsageStats", "false",
    ]
    result: dict[str, Any] = {}
    log_path = workspace.parent / "streamlit.log"
    started = time.perf_counter()
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=REPO, env=_environment(workspace, warm_up), stdout=log, stderr=subprocess.STDOUT)
    try:
        html_s = health_s = None
        while (html_s is None or health_s is None) and time.perf_counter() - started < START_TIMEOUT_S:
            if process.poll() is not None:
                raise RuntimeError(f"streamlit exited:\n{log_path.read_text(errors='replace')[-2000:]}")
            now = time.perf_counter() - started
            try:
                if html_s is None:
                    status, body = _get(url)
                    if status == 200 and ("<html" in body.lower() or "<!doctype html" in body.lower()):
                        html_s = now
                if health_s is None and _get(f"{url}/_stcore/health")[0] == 200:
                    health_s = now
            except OSError:
                pass
            time.sleep(0.05)
        result |= {"page_html_s": round(html_s, 2) if html_s else None, "health_s": round(health_s, 2) if health_s else None}
        if browser:
            result |= _drive_browser(url, question, started, think_s)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return result


def _drive_browser(url: str, question: str, server_started: float, think_s: float) -> dict[str, Any]:
    """First page and first answer in headless Chromium; never raises (the error is reported)."""
    if not CHROMIUM.exists():
        return {"browser": f"skipped: {CHROMIUM} not installed (make browser-deps)"}
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"browser": "skipped: playwright not installed"}
    out: dict[str, Any] = {}
    try:
        with sync_playwright() as playwright:
            launched = time.perf_counter()
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
            out["browser_launch_s"] = round(time.perf_counter() - launched, 2)
            tab = chromium.new_page()
            tab.set_default_timeout(ANSWER_TIMEOUT_S * 1000)
            navigated = time.perf_counter()
            tab.goto(url)
            chat_input = tab.get_by_test_id("stChatInputTextArea")
            chat_input.wait_for()
            out["first_page_after_navigation_s"] = round(time.perf_counter() - navigated, 2)
            out["first_page_after_server_start_s"] = round(time.perf_counter() - server_started, 2)
            for label, text in (("first", question), ("second", SECOND_QUESTION)):
                time.sleep(think_s)  # a user reads the page and types
                _log(f"asking the {label} question in the browser")
                out[f"{label}_question"] = _ask(tab, text)
            chromium.close()
    except Exception as exc:  # noqa: BLE001  (a UI change must not lose the other figures)
        out["browser_error"] = f"{type(exc).__name__}: {exc}"[:500]
    return out


# Timestamps taken in the page (performance.now), by a MutationObserver installed before the question:
# the chat page shows the question and a "Working…" status (a spinner), streams the answer into a
# placeholder ending with "▌", then reruns to show the saved turn.
_OBSERVE = """(before) => {
  const probe = {t0: performance.now(), first: null, done: null, quietSince: null, answer: ''};
  const messages = () => document.querySelectorAll('[data-testid="stChatMessage"]');
  // While answering, the assistant's message holds a "Working…" status whose icon is a spinner.
  const running = () => !!document.querySelector('[data-testid="stExpanderIconSpinner"], [data-testid="stStatusWidgetRunningIcon"]');
  const check = () => {
    if (probe.done !== null) return;
    const now = performance.now();
    const streaming = document.body.innerText.includes('\\u258C');
    if (probe.first === null && streaming) probe.first = now;
    const all = messages();
    const settled = all.length >= before + 2 && !streaming && !running() && all[all.length - 1].innerText.trim().length > 0;
    if (!settled) { probe.quietSince = null; return; }
    if (probe.quietSince === null) probe.quietSince = now;
    if (now - probe.quietSince >= 500) {  // the saved answer, drawn and unchanged for half a second
      probe.done = probe.quietSince;
      if (probe.first === null) probe.first = probe.done;
      probe.answer = all[all.length - 1].innerText.slice(0, 300);
    }
  };
  new MutationObserver(check).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  setInterval(check, 25);
  window.__greffierProbe = probe;
}"""


def _ask(tab: Any, text: str) -> dict[str, float]:
    """Type ``text`` in the chat input; seconds to the first streamed words and to the saved answer."""
    before = tab.get_by_test_id("stChatMessage").count()
    chat_input = tab.get_by_test_id("stChatInputTextArea")
    chat_input.fill(text)
    tab.evaluate(_OBSERVE, before)
    chat_input.press("Enter")
    tab.wait_for_function("() => window.__greffierProbe.done !== null", timeout=ANSWER_TIMEOUT_S * 1000, polling=100)
    probe = tab.evaluate("() => window.__greffierProbe")
    return {
        "first_words_s": round((probe["first"] - probe["t0"]) / 1000, 2),
        "done_s": round((probe["done"] - probe["t0"]) / 1000, 2),
        "answer_start": probe["answer"],
    }


# --------------------------------------------------------------------------------------------------
# 2. The answering service in a fresh process
# --------------------------------------------------------------------------------------------------

_PROXY = r"""
import json, sys, time
started = time.perf_counter()
import greffier
from greffier.config import load_settings
from greffier.services.answering import answer
imported = time.perf_counter() - started
settings = load_settings(sys.argv[1])
if sys.argv[3] == "warm":
    from greffier.services.warmup import warm_up_models, warm_up_state
    warm_up_models(settings)
    time.sleep(float(sys.argv[4]))
first = []
def on_event(kind, payload):
    if kind == "token" and not first:
        first.append(time.perf_counter())
asked = time.perf_counter()
answer(settings, sys.argv[2], backend=None, on_event=on_event)
done = time.perf_counter()
second = time.perf_counter()
answer(settings, "governing law and jurisdiction", backend=None)
out = {"import_s": imported, "first_token_s": (first[0] - asked) if first else None, "answer_s": done - asked,
       "second_answer_s": time.perf_counter() - second}
if sys.argv[3] == "warm":
    out["warm_up"] = {k: v for k, v in warm_up_state(settings).items()}
print(json.dumps(out))
"""


def measure_proxy(workspace: Path, question: str, think_s: float) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for variant in ("cold", "warm"):
        completed = subprocess.run(
            [sys.executable, "-c", _PROXY, str(workspace), question, variant, str(think_s)],
            cwd=REPO, env={**_environment(workspace), "PYTHONPATH": str(REPO)}, capture_output=True, text=True, check=True,
        )
        values = json.loads(completed.stdout.strip().splitlines()[-1])
        results[variant] = {k: (round(v, 3) if isinstance(v, float) else v) for k, v in values.items()}
    return results


# --------------------------------------------------------------------------------------------------


def _median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Median of every number over the runs (nested dicts too); other values from the first run."""
    import statistics

    first = runs[0]
    out: dict[str, Any] = {}
    for key, value in first.items():
        if isinstance(value, dict):
            out[key] = _median_run([run[key] for run in runs if isinstance(run.get(key), dict)])
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            numbers = [run[key] for run in runs if isinstance(run.get(key), (int, float))]
            out[key] = round(statistics.median(numbers), 2)
        else:
            out[key] = value
    out["runs"] = len(runs)
    return out


def _app_rows(app: dict[str, Any], think_s: float) -> dict[str, Any]:
    rows = {
        "`streamlit run` → page HTML served": app.get("page_html_s"),
        "`streamlit run` → `/_stcore/health` answers": app.get("health_s"),
        "browser opens the URL → chat input drawn (first page)": app.get("first_page_after_navigation_s"),
        "`streamlit run` → first page drawn": app.get("first_page_after_server_start_s"),
    }
    for label in ("first", "second"):
        asked = app.get(f"{label}_question")
        when = "the page is drawn" if label == "first" else "the first answer"
        rows[f"{label} question, asked {think_s} s after {when} → first words / answer shown"] = (
            f"{asked['first_words_s']} / {asked['done_s']}" if asked else None
        )
    if app.get("browser") or app.get("browser_error"):
        rows["browser"] = app.get("browser") or app.get("browser_error")
    return rows


def render_markdown(report: dict[str, Any]) -> str:
    apps, proxy = report["app"], report["service"]
    runs = apps["warm_up_on"].get("runs", 1)
    lines = [
        f"Median of {runs} starts per variant, interleaved. "
        f"WorkspaceStore: {report['workspace']['source']} ({report['workspace'].get('chunks', '?')} chunks); no LLM (extractive "
        f"answers); load average {report['load_average']} on {report['cpu_threads']} cores. Seconds.",
        "",
        "| the app (`streamlit run app.py`, headless Chromium) | warm-up off | warm-up on (default) |",
        "|---|---:|---:|",
    ]
    off, on = _app_rows(apps["warm_up_off"], report["think_s"]), _app_rows(apps["warm_up_on"], report["think_s"])
    for name in on:
        lines.append(f"| {name} | {off.get(name)} | {on.get(name)} |")
    cold, warm = proxy["cold"], proxy["warm"]
    lines += [
        "",
        "| the answering service in a fresh process | seconds |",
        "|---|---:|",
        f"| import Greffier | {cold['import_s']} |",
        f"| question at once (models load on it): first token / answer | {cold['first_token_s']} / {cold['answer_s']} |",
        f"| `warm_up_models` at start, question {report['think_s']} s later: first token / answer | {warm['first_token_s']} / {warm['answer_s']} |",
        f"| next question (warm) | {cold['second_answer_s']} |",
    ]
    if warm.get("warm_up"):
        lines.append(f"| background warm-up itself ({', '.join(warm['warm_up']['loaded'])}) | {warm['warm_up']['seconds']} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workspace", type=Path, default=None, help=f"workspace to copy (default {PREPARED} when built)")
    parser.add_argument("--question", default=QUESTION)
    parser.add_argument("--think", type=float, default=THINK_S, help="seconds a user takes to type a question (browser runs and the warm service run)")
    parser.add_argument("--repeat", type=int, default=3, help="app starts per variant (medians reported)")
    parser.add_argument("--no-browser", action="store_true", help="only the HTTP checks and the in-process proxy")
    parser.add_argument("--out", type=Path, default=RESULTS / "app_startup.json")
    args = parser.parse_args(argv)
    from greffier.device import available_cpu_threads

    with tempfile.TemporaryDirectory(prefix="greffier-app-startup-") as scratch:
        workspace = Path(scratch) / "ws"
        prepared = prepare_workspace(workspace, args.workspace)
        import sqlite3

        with sqlite3.connect(workspace / ".greffier" / "greffier.sqlite") as connection:
            prepared["chunks"] = connection.execute("SELECT COUNT(*) FROM chunk").fetchone()[0]
        runs: dict[str, list[dict[str, Any]]] = {"warm_up_off": [], "warm_up_on": []}
        # Same run, interleaved, each start on its own copy of the workspace (the chat history is
        # written to it); the median of each figure is reported.
        for repeat in range(args.repeat):
            for variant, warm_up in (("warm_up_off", False), ("warm_up_on", True)):
                copy = Path(scratch) / f"{variant}-{repeat}" / "ws"
                shutil.copytree(workspace, copy, ignore=shutil.ignore_patterns("writer.lock"))
                _log(f"measuring streamlit run app.py ({variant}, run {repeat + 1}/{args.repeat})")
                runs[variant].append(measure_app(copy, args.question, browser=not args.no_browser, warm_up=warm_up, think_s=args.think))
        app = {variant: _median_run(values) for variant, values in runs.items()}
        _log("measuring the answering service in fresh processes")
        service = measure_proxy(workspace, args.question, args.think)
    report = {
        "benchmark": "app_startup", "workspace": prepared, "app": app, "service": service, "think_s": args.think,
        "cpu_threads": available_cpu_threads(), "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    markdown = render_markdown(report)
    args.out.write_text(json.dumps({**report, "markdown": markdown}, indent=1, ensure_ascii=False), encoding="utf-8")
    args.out.with_suffix(".md").write_text(markdown, encoding="utf-8")
    sys.stdout.write(markdown)
    _log(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
