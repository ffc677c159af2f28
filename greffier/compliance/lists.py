"""Lists under a lead-in: each item states the clause only together with the words that open the list.

"The Distributor shall not: (a) manufacture …; (b) sell in the Territory any goods which are
competitive with the Products" — item (b) alone says nothing about a prohibition, and the lead-in alone
names no activity; « Le Licencié s'interdit : – de céder la licence ; – de commercialiser des produits
concurrents » is the same in French. :class:`ListReader` reads a contract's sentences in order and
gives, for each item of a list opened by a lead-in (words ending with « : » that hold a verb), the
sentence to read — the lead-in and the item as one statement, "The Distributor shall not sell in the
Territory …" — and the excerpt to quote (the lead-in, « … », the item as written).

An item that is a sentence of its own ("(c) The Supplier shall …": a capital and a verb of its own)
needs no lead-in. A list ends at the first paragraph that is not one of its items, or at a heading;
an item that ends with « : » opens a list inside the list, whose items read the lead-in, the item
and theirs. The sentences after an item in its paragraph go on the item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from greffier.dataroom.normalize import fold

# An item's label and its kind (the kind tells a nested list's items from the outer list's).
_LABEL = re.compile(
    r"^\s*(?:\((?P<paren>[a-z]{1,2}|[ivxlc]{1,6}|\d{1,2})\)|(?P<dot>[a-z]|[ivxlc]{1,6}|\d{1,2})[.)](?!\d)|(?P<bullet>[-•·▪*–—])"
    # a sub-clause number under a lead-in: "10.2.1 in its entirety … ; 10.2.2 …"
    r"|(?P<dotted>\d{1,3}(?:\.\d{1,3}){1,3})\.?(?=\s))\s*",
    re.IGNORECASE,
)
# Where a sentence holds further items: "…; or (b) grant …", "…; and C.serve as …".
_NEXT_ITEM = re.compile(
    r";\s*(?:(?:and|or|and/or|et|ou)\s+)?(?=(?:\((?:[a-z]{1,2}|[ivxlc]{1,6}|\d{1,2})\)|(?:[a-z]|[ivxlc]{1,6}|\d{1,2})[.)](?!\d)|[-•·▪–—])\s*\S)",
    re.IGNORECASE,
)
# A lead-in's verb: the words before the colon must state something ("shall not", « s'interdit »).
_LEAD_VERB = re.compile(
    r"\b(?:shall|will|may|must|can|cannot|agrees?|undertakes?|covenants?|acknowledges?|warrants?|represents?|is|are|be"
    r"|s'engage\w*|s'interdi\w*|s'oblige\w*|doit|doivent|devra|devront|peut|peuvent|pourra|pourront|est|sont|sera|seront|ne|n')\b"
)
# An item with its own subject and verb: a capital, then a verb within a few words.
_OWN_VERB = re.compile(
    r"^[A-ZÀ-Ö][^;:]{0,80}?\b(?:shall|will|may|must|agrees?|undertakes?|is|are|s'engage\w*|s'interdit|doit|doivent|devra|pourra|peut|est|sont|sera)\b"
)
_TRAILING_JOIN = re.compile(r"\s*[;,.]?\s*(?:\b(?:and|or|and/or|et|ou))?\s*$")  # "…products; or" ends an item, not a sentence
# Each token whole (\b after it), so a long run of digits cannot be cut in exponentially many ways.
_FILLER = re.compile(r"^\W*(?:(?:and|or|and/or|et|ou|\d+|page \d+(?: (?:of|sur|/) \d+)?)\b\W*)*$", re.IGNORECASE)
_MAX_FILLER = 40
_MAX_LEAD_WORDS = 80
_MAX_ITEMS = 20
_MIN_REPEATED = 20  # characters: the shortest tail of a lead-in taken for a chunk's overlap


@dataclass(frozen=True)
class ListItem:
    """An item of a list read with its lead-in: ``text`` is what conditions read, ``quote`` the excerpt."""

    text: str
    quote: str


_ROMAN = {"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"}
_LETTER_OR_ROMAN = {"i", "v", "x"}  # "(i)" after "(h)" is a letter; "(i)" opening a list is a numeral


def _kind(label: re.Match[str]) -> str:
    """"paren-lower" for "(b)", "dot-roman-upper" for "II.", "bullet" for "–"…"""
    if label["bullet"]:
        return "bullet"
    if label["dotted"]:
        return f"dotted-{label['dotted'].count('.')}"
    token = label["paren"] or label["dot"]
    if token.isdigit():
        shape = "digit"
    else:
        case = "upper" if token.isupper() else "lower"
        shape = f"roman-{case}" if token.lower() in _ROMAN and (len(token) > 1 or token.lower() == "i") else case
    return f"{'paren' if label['paren'] else 'dot'}-{shape}"


def _same_kind(kind: str, label: re.Match[str], level_kind: str) -> bool:
    """Whether an item's label continues a list of ``level_kind``: "(i)" or "(v)" may be a letter."""
    token = (label["paren"] or label["dot"] or "").lower()
    return kind == level_kind or (token in _LETTER_OR_ROMAN and kind.replace("roman-", "") == level_kind.replace("roman-", ""))


def lead_of(sentence: str) -> tuple[str, str] | None:
    """``(lead-in, what follows the colon)`` when ``sentence`` opens a list, else None: the colon is
    followed by nothing or by an item's label, and the words before it hold a verb."""
    colon = sentence.rfind(":")
    if colon < 0:
        return None
    lead, rest = sentence[:colon].rstrip(" -—–"), sentence[colon + 1 :].strip()
    if rest and not _LABEL.match(rest):
        return None
    if not lead or len(lead.split()) > _MAX_LEAD_WORDS or not _LEAD_VERB.search(fold(lead)):
        return None
    return lead, rest


class ListReader:
    """Reads sentences in order (:meth:`read`) and gives the list items read with their lead-in."""

    def __init__(self) -> None:
        self._levels: list[list[str | None]] = []  # [lead-in, kind of its items] from the outermost
        self._items = 0
        self._label: str | None = None  # an item's label read as a sentence of its own ("1." before "Divert …")

    def reset(self) -> None:
        """A heading or a new chunk: no list stays open across it."""
        self._levels = []
        self._items = 0
        self._label = None

    def read(self, sentence: str, *, opens_paragraph: bool = True) -> list[ListItem]:
        """The items ``sentence`` holds, each with its lead-in (none when it is not part of a list).

        A sentence that goes on an item's paragraph ("(1) Upon ninety days' notice if … As used
        herein, 'Quota' means …") neither is an item nor closes the list."""
        if self._label is not None:  # the item's label was cut off as a sentence: "1." then "Divert any customer …"
            sentence, opens_paragraph, self._label = f"{self._label} {sentence}", True, None
        elif self._levels and (bare := _LABEL.match(sentence)) and not sentence[bare.end() :].strip():
            self._label = sentence.strip()
            return []
        if len(sentence) <= _MAX_FILLER and _FILLER.match(sentence):  # "or" alone on its line, a page number between two items
            return []
        if self._repeats_lead(sentence):  # a chunk opening on the overlap: the open lead-in's last words again
            return []
        found: list[ListItem] = []
        pieces = _NEXT_ITEM.split(sentence)
        label = _LABEL.match(pieces[0])
        if self._levels and label and self._continue(label):
            found.extend(self._item(pieces[0], label))
        elif self._levels and not opens_paragraph and not label and lead_of(pieces[0]) is None:
            return []
        else:
            self.reset()
            opened = lead_of(pieces[0])
            if opened is None:
                return []
            lead, rest = opened
            self._levels = [[lead, None]]
            if rest and (first := _LABEL.match(rest)) and self._continue(first):
                items = self._item(rest, first)
                found.extend(items if len(pieces) > 1 else [])  # lead-in and one item: the sentence says it all
        for piece in pieces[1:]:
            if (label := _LABEL.match(piece)) and self._continue(label):
                found.extend(self._item(piece, label))
        return found

    def _repeats_lead(self, sentence: str) -> bool:
        """Whether ``sentence`` is the end of an open lead-in said again: the next chunk of an article opens with the
        words the last one ended on ("… either directly or indirectly, for yourself or through any person:"), so
        the list goes on under the whole lead-in, which holds the verb, and not under its verbless tail."""
        tail = " ".join(fold(sentence).rstrip(" :").split())
        return len(tail) >= _MIN_REPEATED and any(" ".join(fold(str(level[0])).split()).endswith(tail) for level in self._levels)

    def _continue(self, label: re.Match[str]) -> bool:
        """Whether ``label`` is an item of an open list: the first item of the innermost one (which
        takes its kind), or the next item of one of them (closing the lists inside it)."""
        kind = _kind(label)
        if self._levels and self._levels[-1][1] is None:  # the first item of a list just opened
            self._levels[-1][1] = kind
            return True
        for depth in range(len(self._levels) - 1, -1, -1):
            level_kind = self._levels[depth][1]
            if level_kind is not None and _same_kind(kind, label, level_kind):
                del self._levels[depth + 1 :]
                return True
        return False

    def _item(self, piece: str, label: re.Match[str]) -> list[ListItem]:
        self._items += 1
        if self._items > _MAX_ITEMS:
            self.reset()
            return []
        body = piece[label.end() :].strip()
        lead = str(self._levels[-1][0])
        if body.endswith(":"):  # a list inside the list
            self._levels.append([f"{lead} {body[:-1].rstrip()}", None])
            return []
        if not body or _OWN_VERB.match(body):
            return []
        return [ListItem(text=f"{lead} {_TRAILING_JOIN.sub('', body)}", quote=f"{lead}: … {piece.strip()}")]
