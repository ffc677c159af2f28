"""Components of the compliance scanning pipeline: chunk source, clause classifier, rule checker, flag writer."""

from pipelines.classifiers.chunk_source import WorkspaceChunkSource
from pipelines.classifiers.clause_classifier import ClauseClassifier
from pipelines.classifiers.flag_writer import FlagWriter
from pipelines.classifiers.rule_checker import PlaybookRuleChecker

__all__ = ["ClauseClassifier", "FlagWriter", "PlaybookRuleChecker", "WorkspaceChunkSource"]
