"""Exceptions of the benchmark harness. Each message names the bad value and what to do."""

from greffier.errors import GreffierError


class BenchError(GreffierError):
    """A benchmark that cannot run: evaluation data absent or malformed, a bad option."""


class EvalDataError(BenchError):
    """The evaluation data folder is missing, or a file in it is not in the expected format."""
