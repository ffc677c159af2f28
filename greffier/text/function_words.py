"""Function words of French and English: the words of a question that say how it is asked, not what.

The search tokens (:mod:`greffier.text.tokens`) drop the stop words of BM25's lists, which are not
alike: the French list is Snowball's (157 words: articles, pronouns, « être » and « avoir »), the
English one Lucene's (33 words). An English question thus keeps "could", "our", "before", "must" as
words asked, and a French passage, which holds none of them, looks as if it answered less of an English
question than of the same question in French. What is asked is therefore read without the function
words of both languages alike: Snowball's English stop list, the counterpart of the French one, and the
modal verbs of both languages (can, must, should…; « peut », « doit », « faut »…), a closed class of
words that frame a question, and a few more framing words those lists miss (:data:`FRAME_WORDS`).
"""

from __future__ import annotations

from greffier.text.fold import fold

# Snowball's English stop list (snowballstem.org, english/stop.txt), without its contractions: the
# tokens never hold an apostrophe.
SNOWBALL_ENGLISH = """
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself
they them their theirs themselves what which who whom this that these those am is are was were be been being have has had
having do does did doing would should could ought a an the and but if or because as until while of at by for with about
against between into through during before after above below to from up down in out on off over under again further then
once here there when where why how all any both each few more most other some such no nor not only own same so than too very
""".split()
MODAL_VERBS = """
can cannot may might must shall will
peut peuvent pourra pourront pourrait pourraient puisse puissent pouvoir
doit doivent devra devront devrait devraient doive devoir faut faudra faudrait falloir
pouvons pouvez pourrons pourrez pourrions pourriez devons devez devrons devrez devrions devriez
""".split()

# What Snowball's lists leave out and a question uses only to frame what it asks: the quantity words of
# "how many" and "how much" (« combien » is Snowball's), "per" (« par » is), "also" (« aussi » is a counterpart below), the auxiliary's infinitive (« peut-il être
# résilié » — Snowball lists « été », « suis », « est »… but not « être »), the wish that frames a condition ("if it
# wants to stop", « s'il veut arrêter », « quand nous le souhaitons »: walkthrough 28, the first persons of the modals too), the participle that names a contract by its parties (« l'accord conclu avec
# Kestrel »), the deontic frames of « doit »
# and "must" (« sont-ils tenus de … ? », "are they required to … ?", "is she bound to … ?", "is she expected to … ?") and of « peut » and "may" (« est-il
# autorisé à … ? », "are we allowed to … ?", « permet-il de … ? »), the indefinite pronouns ("to someone else",
# « à quelqu'un d'autre »: a contract says "a third party", « un tiers »), and the
# courtesy titles before a name (Mr Morand, « M. », « Mme »), which a contract writes its own way; and the prepositions that
# say "about" ("the Lessee's obligations regarding maintenance", « quant à l'assurance »: the app walk of round 29), and those
# that name a source and its saying (« selon la note interne », « que dit le bail … ? », "what does the memo say about …"), and
# the verb and the time that frame what holds (« quel différentiel s'applique aujourd'hui ? », "which rate applies today?": « s'applique »
# read as a software « application » sent walkthrough 20's coffee-price question to the till software's fees), and « à partir de »,
# "from" (walkthrough 21: « partir » was looked for as « partie », "party"), and the verb that keeps a notice or a time limit
# (« quel préavis faut-il respecter ? »: walkthrough 24; "observe"), the "still" of "is it still binding?", which no contract
# writes, and the verb that asks whether a contract has a clause (« contient-il une clause de … ? », "does it contain …?"); the light
# verb of having ("do the others get first refusal?", "does the tenant get a rent-free period?": walkthrough 28) and "others", the
# plural of Snowball's "other" (« autres » is a counterpart below).
FRAME_WORDS = """
many much per also
want wants wanted wish veut veulent voudrait voudraient vouloir souhaite souhaitent
voulons voulez voudrions voudriez souhaitons souhaitez souhaiterions souhaiteriez
conclu conclue conclus conclues
etre tenu tenue tenus tenues required obliged bound expected supposed cense censee censes censees
someone somebody anyone anybody something anything everyone everybody everything else quelqu
allowed permitted entitled autorise autorisee autorises autorisees permet permettent
mr mrs ms messrs dr monsieur madame mademoiselle messieurs mme mlle
regarding concerning respecting relating towards despite concernant quant
according selon dit disent says say said
respecter respecte respectent observer observe
still toujours
contient contiennent comporte comportent contain contains
get gets got getting others
applique appliquent apply applies aujourd hui today currently actuellement
partir
since depuis
""".split()

# The French counterparts of Snowball's English stop words that Snowball's French list lacks: "if" and
# "other" are function words of an English question, so « si » and « autre » are of a French one
# (« auprès d'un autre fournisseur », « au-delà de quel montant » ask about a supplier, an amount), as "against",
# "towards", "among" are « envers », « vers », « parmi ». Not « car » nor « tel », which an English question writes as
# words ("insure the car").
FRENCH_COUNTERPARTS = """
si lorsque lorsqu autre autres entre avant apres pendant durant sous contre jusque jusqu tout tous toute toutes chaque
aucun aucune tres ici alors puis encore seulement quelque quelques telle tels telles ceci cela celui celle
ceux celles donc ni aussi aupres dela hors chez comme moins peu trop ainsi envers vers parmi
""".split()

FUNCTION_WORDS: frozenset[str] = frozenset(fold(word) for word in (*SNOWBALL_ENGLISH, *MODAL_VERBS, *FRAME_WORDS, *FRENCH_COUNTERPARTS))


# Of those, the ones a glossary's stemming would read as a notion (« applique » as the software « application », "today" as a date):
# alone, they name none (the query expander, the scope hint). The others keep the notions they name alone ("until" a term's end,
# « conclu » a signing, "during" a period).
NAMES_NO_NOTION: frozenset[str] = frozenset(
    fold(word) for word in "applique appliquent applicable applicables apply applies partir selon according dit disent says say said aujourd hui today currently actuellement".split()
)


def is_function_word(token: str) -> bool:
    """Whether ``token`` (a search token: folded) is a function word of French or English."""
    return token in FUNCTION_WORDS
