"""The data room's reasons (why a contract is listed apart, why a value is in doubt) in the reader's language.

The extractors and the data room write their reasons in English, with the details they read (a date, an amendment's title,
the words of a clause); :func:`reason_in` gives them in French for a French answer or list: each fixed wording replaced,
the details kept as read, the ISO dates written as a French reader writes them.
"""

from __future__ import annotations

import re

from greffier.text.replies import date_in

# The data room's reasons in French: their fixed wordings (the details an extractor adds stay as read).
_FIELDS_FR = {"end date": "date de fin", "signature date": "date de signature", "governing law": "droit applicable", "parties": "parties",
              "contract type": "type de contrat"}
_FIELD = "end date|signature date|governing law|contract type"
_MASCULINE = {"governing law", "contract type"}
_REASONS_FR: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"^end date (\S+) → (\S+)", r"date de fin \1 → \2"),
        (r"^renews or continues automatically after (\S+) unless notice is given", r"se renouvelle ou se prolonge tacitement après le \1 faute de congé ou de dénonciation"),
        (r": it may end then or run on$", " : il peut prendre fin à cette date ou se poursuivre"),
        (r": it ended then if notice was given, else its current term ends (\S+)$",
         r" : il a pris fin à cette date si un congé a été donné, sinon sa période en cours s'achève le \1"),
        (r"^end date (\S+) uncertain: ", r"date de fin \1 incertaine : "),
        (r"\bamendment (« .+? »(?: \([^()]+\))?) gives the end date (\S+), in words not read as a new term",
         r"l'avenant \1 donne la date de fin \2, en des termes qui ne se lisent pas comme une nouvelle durée"),
        (r"\bamendment (« .+? »(?: \([^()]+\))?) changes the term \((« .+? »)\) in words from which no new end date was read",
         r"l'avenant \1 modifie la durée (\2) en des termes dont aucune nouvelle date de fin n'a été lue"),
        (r"\(amendment «", "(avenant «"),
        (r", moved by an amendment", ", déplacée par un avenant"),
        (rf"^no ({_FIELD}) in metadata or text",
         lambda m: f"{'aucun' if m[1] in _MASCULINE else 'aucune'} {_FIELDS_FR[m[1]]} dans les métadonnées ni dans le texte"),
        (r"^no parties in metadata or text", "aucune partie dans les métadonnées ni dans le texte"),
        # what a document that is no contract is (greffier.dataroom.extract.document_kind)
        (r"^not a contract \((.+)\)$", r"pas un contrat (\1)"),
        (r"\ban internal memo\b", "une note interne"), (r"\bminutes of a meeting\b", "un procès-verbal de réunion"), (r"\ba report\b", "un rapport"),
        (r"\ba document that says it is no contract\b", "un document qui se dit sans valeur contractuelle"),
        (r"^no party could be read in the metadata or the text", "aucune partie n'a pu être lue dans les métadonnées ni dans le texte"),
        # a party filter: why a contract not read with the party asked may still be one of its
        (r"^its opening names (.+), which was not read as one of its parties$", r"son en-tête nomme \1, qui n'a pas été lu comme l'une de ses parties"),
        (r"^its signature blocks name (.+), which was not read as one of its parties$",
         r"ses blocs de signature nomment \1, qui n'a pas été lu comme l'une de ses parties"),
        (r"^its signature blocks name (.+), which the opening does not list as a party$",
         r"ses blocs de signature nomment \1, que son en-tête ne cite pas comme partie"),
        (r"^its party (.+) may be (.+): one name holds the other$", r"sa partie \1 peut être \2 : l'un des noms contient l'autre"),
        (r"^its party (.+) may be (.+): the same name spelt another way$", r"sa partie \1 peut être \2 : le même nom écrit autrement"),
        (r"^an amendment attached to no contract: its new term cannot be applied", "avenant rattaché à aucun contrat : sa nouvelle durée ne peut s'appliquer"),
        (r"\(not attached\)", "(non rattaché)"),
        (r"\bamendment «", "avenant «"),
        (r"no contract with the same parties", "aucun contrat avec les mêmes parties"),
        (r": not attached\b", " : non rattaché"),
        (rf"^({_FIELD}|parties) could not be read with confidence", lambda m: f"{_FIELDS_FR[m[1]]} : lecture incertaine"),
        # a term read but not dated (greffier.dataroom.extract.term's notes: "term of soixante (60) mois (« Article 3 ») runs from …")
        (r"(^|: )term of (.+?) \((« .+? »|[^()]+)\) ", lambda m: f"{' : ' if m[1] else ''}durée de {m[2]} ({m[3]}) "),
        (r"\bruns from « (.+?) », which no date of the contract gives", r"court à compter de « \1 », qu'aucune date du contrat ne donne"),
        (r"\bruns from an event the contract does not date, in a sentence that bounds it the other way: no end",
         "court à compter d'un événement que le contrat ne date pas, dans une phrase qui la borne dans l'autre sens : pas de fin"),
        (r"\bruns from an event the contract does not date", "court à compter d'un événement que le contrat ne date pas"),
        (r"\bruns from the (.+?), an event the contract expects on (\S+) but does not date",
         r"court à compter de l'événement « \1 », que le contrat attend le \2 sans le dater"),
        (r"\bruns from the (.+?), which the contract does not date, and no signature date was read",
         r"court à compter de « \1 », que le contrat ne date pas, et aucune date de signature n'a été lue"),
        (r"\bruns from the (.+?), an event the contract does not date", r"court à compter de l'événement « \1 », que le contrat ne date pas"),
        (r"\bruns from the (.+?), the date of signature, which the contract does not write",
         r"court à compter de « \1 », la date de signature, que le contrat n'écrit pas"),
        (r"\bruns from the (.+?), which the contract does not date", r"court à compter de « \1 », que le contrat ne date pas"),
        (r"\bbut no start is written and the contract's date was not read", "mais aucun point de départ n'est écrit et la date du contrat n'a pas été lue"),
        (r"\bbut no start date found", "mais aucun point de départ n'a été trouvé"),
        # the doubts of a record's value alone (a status answer says them: walkthrough 29's French answer gave them in English)
        (r"^gives the end date (\S+), in words not read as a new term", r"donne la date de fin \1, en des termes qui ne se lisent pas comme une nouvelle durée"),
        (r"^changes the term \((« .+? »)\) in words from which no new end date was read",
         r"modifie la durée (\1) en des termes dont aucune nouvelle date de fin n'a été lue"),
        (r"^at the earliest: the term (.+?)$", r"au plus tôt : la durée \1"),  # … then, after « ; »:
        (r"^counted from the contract's (effective|signature) date \((\S+)\), assuming the event does not come before it$",
         lambda m: f"comptée à partir de la date {'d’effet' if m[1] == 'effective' else 'de signature'} du contrat ({m[2]}), "
                   "en supposant que l'événement ne survienne pas avant"),
        (r"\bruns from an event the contract expects on (\S+)", r"court à compter d'un événement que le contrat attend le \1"),
        (r"^the months are counted from the start's month, which the term starts on the 1st of$",
         "les mois sont comptés à partir du mois où la durée commence, le 1er de ce mois"),
        (r"^(\S+) may be read day or month first and the document shows neither: read month first \(an English text\)$",
         r"\1 peut se lire jour ou mois en premier et le document ne le précise pas : lue mois en premier (texte anglais)"),
        (r"^the type was guessed from the first words of the text, not its title or heading$",
         "le type a été déduit des premiers mots du texte, non de son titre ni d'un intitulé"),
        (r"^the date of the last instalment$", "la date de la dernière échéance"),
        (r"^a law Greffier's list of laws does not know, kept as the contract writes it$",
         "un droit que la liste de Greffier ne connaît pas, gardé tel que le contrat l'écrit"),
        (r"^the date the contract takes effect$", "la date de prise d'effet du contrat"),
        (r"^no date of signature is written$", "aucune date de signature n'est écrite"),
        (r"^the latest date of the signature blocks$", "la date la plus tardive des blocs de signature"),
        # why parties are in doubt (greffier.dataroom.extract.parties)
        (r"^a party's name is left blank in the opening \(a template to fill in\?\)$",
         "le nom d'une partie est laissé en blanc dans l'en-tête (un modèle à compléter ?)"),
        (r"^a party is named only as “the undersigned”, and no signature block gives its name$",
         "une partie n'est désignée que comme « le soussigné », et aucun bloc de signature ne donne son nom"),
        (r"^only one party could be read$", "une seule partie a pu être lue"),
        (r"^no party could be read$", "aucune partie n'a pu être lue"),
        (r"^the parties were guessed from the first names the text mentions$", "les parties ont été devinées d'après les premiers noms que cite le texte"),
        (r"^a party was read from a letter's layout \(the company it is addressed to\)$",
         "une partie a été lue dans la mise en page d'une lettre (la société destinataire)"),
        (r"^a party was read from the signature blocks only \(the opening does not name it\)$",
         "une partie n'a été lue que dans les blocs de signature (l'en-tête ne la nomme pas)"),
        (r"^a party name has nothing to confirm it \(no legal form, number or defined name\)$",
         "le nom d'une partie n'est confirmé par rien (ni forme sociale, ni numéro, ni nom défini)"),
        # a date of signature read on a cover page (greffier.dataroom.extract.dates)
        (r"\ba date written on the cover page$", "une date écrite sur la page de garde"),
        (r"^nothing says it is the date of signature", "rien ne dit que c'est la date de signature"),
        # an end read as a bound (greffier.dataroom.extract.term's doubts)
        (r"the term ends on this date at the latest: an earlier event the text names may end it first",
         "le terme est atteint à cette date au plus tard : un événement antérieur que le texte nomme peut y mettre fin plus tôt"),
        (r"the term ends on this date at the earliest: a later event the text names may end it after",
         "le terme est atteint à cette date au plus tôt : un événement ultérieur que le texte nomme peut y mettre fin plus tard"),
        (
            rf"^({_FIELD}): metadata (.+?), text says (.+?) — the filter gives a different answer for each",
            lambda m: f"{_FIELDS_FR[m[1]]} : métadonnées {m[2]}, le texte dit {m[3]} — le filtre donne une réponse différente pour chacune",
        ),
    )
)


def reason_in(reason: str, language: str) -> str:
    """A data-room reason (English) in the answer's ``language``: its fixed wordings in French, each of
    the reasons it joins with « ; » on its own."""
    if language != "fr":
        return reason
    parts = []
    for part in reason.split("; "):
        for pattern, replacement in _REASONS_FR:
            part = pattern.sub(replacement, part)
        parts.append(_dates_in(part, language))
    return " ; ".join(parts)


_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_QUOTED = re.compile(r"(«[^»]*»)")


def _dates_in(text: str, language: str) -> str:
    """``text`` with its ISO dates written as a reader of ``language`` writes them (:func:`date_in`);
    what it quotes between « » (an amendment's title) is left as written."""
    return "".join(part if part.startswith("«") else _ISO_DATE.sub(lambda m: date_in(m[0], language), part) for part in _QUOTED.split(text))
