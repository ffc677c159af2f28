"""Tiny random models in Hugging Face format, built by the tests themselves (no hub, a second or two).

* :func:`build_tiny_bge_m3` writes an XLM-RoBERTa encoder (hidden 32, 2 layers, 2 heads) with the
  ``colbert_linear.pt`` / ``sparse_linear.pt`` heads BGE-M3 ships, so FlagEmbedding's
  ``BGEM3FlagModel`` loads it exactly like the real one.
* :func:`build_tiny_reranker` writes an ``XLMRobertaForSequenceClassification`` with one label, the
  shape of bge-reranker-v2-m3, for ``FlagReranker``.

Both use a Unigram tokenizer trained here on a few French and English sentences and wrapped as
``XLMRobertaTokenizerFast``. :func:`tiny_bge_m3_template` / :func:`tiny_reranker_template` build once
per process into a temporary folder; tests copy them (:func:`install_tiny_bge_m3`) before changing
anything.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

HIDDEN = 32
LAYERS = 2
HEADS = 2
# Same as the real models, so FlagEmbedding's default max_length (512) fits.
MAX_POSITIONS = 514

CORPUS = [
    "Le présent contrat est conclu pour une durée de trois ans à compter de sa signature.",
    "This agreement is entered into for a term of three years from the date of signature.",
    "Le preneur ne peut céder le bail sans l'accord écrit du bailleur.",
    "The tenant may not assign the lease without the landlord's written consent.",
    "Toute résiliation doit être notifiée par lettre recommandée avec accusé de réception.",
    "Any termination must be notified by registered letter with acknowledgement of receipt.",
    "Les parties s'engagent à respecter la confidentialité des informations échangées.",
    "The parties undertake to keep the exchanged information confidential.",
    "Le prix est payable à trente jours fin de mois, hors taxes.",
    "The price is payable thirty days end of month, excluding taxes.",
    "En cas de litige, le tribunal de commerce de Paris sera seul compétent.",
    "In the event of a dispute, the Paris commercial court shall have sole jurisdiction.",
    "Article 1 — Objet. Article 2 — Durée. Article 3 — Prix. Clause de non-concurrence.",
    "The weather is sunny today and the cat sleeps on the sofa.",
]
SPECIAL_TOKENS = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]  # XLM-R ids 0..4


def build_tiny_tokenizer(target: Path, vocab_size: int = 400):
    """Train a Unigram tokenizer on :data:`CORPUS`, save it in ``target`` and return it.

    Returns:
        The ``XLMRobertaTokenizerFast`` (``<s>``=0, ``<pad>``=1, ``</s>``=2, ``<unk>``=3, ``<mask>``=4).
    """
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers
    from transformers import XLMRobertaTokenizerFast

    tokenizer = Tokenizer(models.Unigram())
    tokenizer.normalizer = normalizers.NFKC()
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
    tokenizer.decoder = decoders.Metaspace()
    trainer = trainers.UnigramTrainer(vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS, unk_token="<unk>")
    tokenizer.train_from_iterator(CORPUS, trainer=trainer)
    bos, eos = tokenizer.token_to_id("<s>"), tokenizer.token_to_id("</s>")
    tokenizer.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>",
        pair="<s> $A </s> </s> $B </s>",
        special_tokens=[("<s>", bos), ("</s>", eos)],
    )
    fast = XLMRobertaTokenizerFast(
        tokenizer_object=tokenizer,
        bos_token="<s>",
        eos_token="</s>",
        sep_token="</s>",
        cls_token="<s>",
        unk_token="<unk>",
        pad_token="<pad>",
        mask_token="<mask>",
        model_max_length=MAX_POSITIONS - 2,
    )
    fast.save_pretrained(str(target))
    return fast


def _tiny_config(vocab_size: int, **extra: object):
    from transformers import XLMRobertaConfig

    return XLMRobertaConfig(
        vocab_size=vocab_size,
        hidden_size=HIDDEN,
        num_hidden_layers=LAYERS,
        num_attention_heads=HEADS,
        intermediate_size=2 * HIDDEN,
        max_position_embeddings=MAX_POSITIONS,
        type_vocab_size=1,
        pad_token_id=1,
        bos_token_id=0,
        eos_token_id=2,
        **extra,
    )


def build_tiny_bge_m3(target: Path, *, seed: int = 0) -> Path:
    """Write a tiny BGE-M3-shaped model (encoder, tokenizer, colbert and sparse heads) to ``target``.

    Head shapes follow FlagEmbedding's ``EncoderOnlyEmbedderM3Runner.get_model``:
    colbert ``Linear(hidden, hidden)``, sparse ``Linear(hidden, 1)``.
    """
    import torch
    from transformers import XLMRobertaModel

    target.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(seed)
    tokenizer = build_tiny_tokenizer(target)
    config = _tiny_config(len(tokenizer), architectures=["XLMRobertaModel"])
    XLMRobertaModel(config).save_pretrained(str(target))
    torch.save(torch.nn.Linear(HIDDEN, HIDDEN).state_dict(), target / "colbert_linear.pt")
    torch.save(torch.nn.Linear(HIDDEN, 1).state_dict(), target / "sparse_linear.pt")
    return target


def build_tiny_reranker(target: Path, *, seed: int = 0) -> Path:
    """Write a tiny one-label XLM-RoBERTa cross-encoder (the shape of bge-reranker-v2-m3) to ``target``."""
    import torch
    from transformers import XLMRobertaForSequenceClassification

    target.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(seed)
    tokenizer = build_tiny_tokenizer(target)
    config = _tiny_config(len(tokenizer), num_labels=1, architectures=["XLMRobertaForSequenceClassification"])
    XLMRobertaForSequenceClassification(config).save_pretrained(str(target))
    return target


@lru_cache(maxsize=1)
def _template_root() -> Path:
    root = Path(tempfile.mkdtemp(prefix="greffier-tiny-models-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    return root


@lru_cache(maxsize=1)
def tiny_bge_m3_template() -> Path:
    """A tiny BGE-M3 built once per process. Read-only by convention: copy before changing it."""
    return build_tiny_bge_m3(_template_root() / "bge-m3")


@lru_cache(maxsize=1)
def tiny_reranker_template() -> Path:
    """A tiny reranker built once per process. Read-only by convention: copy before changing it."""
    return build_tiny_reranker(_template_root() / "bge-reranker-v2-m3")


def install_tiny_bge_m3(models_dir: Path, folder: str = "bge-m3") -> Path:
    """Copy the tiny BGE-M3 to ``models_dir/folder`` (where the resolver looks) and return it."""
    return Path(shutil.copytree(tiny_bge_m3_template(), models_dir / folder))


def install_tiny_reranker(models_dir: Path, folder: str = "bge-reranker-v2-m3") -> Path:
    """Copy the tiny reranker to ``models_dir/folder`` and return it."""
    return Path(shutil.copytree(tiny_reranker_template(), models_dir / folder))
