"""The glossary of each language, as the tests enforce it (tests/unit/test_i18n_words.py).

One word per idea in each language, used on every page. The card and suit names come from the
``card.*`` keys of each table; here are the other terms, as the patterns a text may NOT use and
the word to use instead. Portuguese is European Portuguese throughout.
"""

from __future__ import annotations

# (pattern, what to write instead); patterns are matched case-insensitively on whole words.
FORBIDDEN: dict[str, list[tuple[str, str]]] = {
    "en": [
        (r"jack|knight|king|queen|coins|cups|swords|clubs",
         "the Spanish names: sota, caballo, rey; oros, copas, espadas, bastos"),
        (r"solveur|solucionador", "solver"),
    ],
    "es": [
        (r"(?<=[\w,] )(?-i:Chinchón)(?! Lab)", "chinchón (a game's name is not capitalised in Spanish)"),
        (r"solver|resolvedor", "solucionador"),
        (r"tríos?", "grupo (a group of the same number)"),
        (r"ligad[oa]s?|ligan?|liga|ligar", "combinada(s) / combinar"),
        (r"montón", "la pila de descartes"),
        (r"pulsa|pulse", "haz clic"),
        (r"perfil(es)?", "reglamento (a rule profile)"),
        (r"ronda", "vuelta (a round of the table)"),
    ],
    "fr": [
        (r"(?<=[\w,] )(?-i:Chinchón)(?! Lab)", "chinchón (a game's name is not capitalised in French)"),
        (r"solver", "solveur"),
        (r"paquet", "jeu (the deck)"),
        (r"jeux? de règles", "profil (a rule profile)"),
        (r"points? libres?", "points isolés"),
        (r"rejets?", "défausse (the discard, and the discard pile)"),
        (r"manches?", "main (a hand, from the deal to the close)"),
        (r"feuille de points", "feuille de marque"),
        (r"match nul", "égalité"),
        (r"professeur", "enseignant"),
        (r"la pioche|une pioche|pioche épuisée", "le talon (the stock); « piocher » stays the verb"),
    ],
    "pt": [
        (r"(?<=[\w,] )(?-i:Chinchón)(?! Lab)", "chinchón (a game's name is not capitalised in Portuguese)"),
        (r"solver|resolvedor", "solucionador"),
        (r"você|vocês", "the verb alone, or o/a seu/sua (European Portuguese)"),
        (r"curingas?", "joker"),
        (r"fechamento", "fecho"),
        (r"ligar", "combinar"),
        (r"digit\w*", "escrever"),
        (r"compartilh\w*", "partilhar"),
        (r"rodadas?|rondas?", "volta (a round of the table)"),
        (r"peg(ar|ue|a|á|ando|ou|ue-a)", "tirar / ficar com"),
        (r"jeito", "maneira"),
        (r"tela", "ecrã"),
        (r"sota", "valete (the card name of card.rank.10)"),
        (r"conjuntos? de regras", "perfil (a rule profile)"),
        (r"desafios?", "problema (a puzzle)"),
        (r"próximo problema", "problema seguinte"),
        # The site speaks to the reader in the third person (European "você" form, the verb
        # alone): "Mostra", never the "tu" form "Mostras".
        (r"mostras|tens|podes|fechas|jogas|descartas|encaixas|ganhas|perdes|ficas|queres"
         r"|sabes|estás|és|teu|tua|teus|tuas|contigo",
         "the third person, verb alone (Mostra, Tem, Pode …), as the rest of the site"),
        # A possessive without its article ("sua mão", "Suas escolhas") is Brazilian.
        (r"(?:^|(?!(?:o|a|os|as|à|às|ao|aos|da|do|das|dos|na|no|nas|nos|pela|pelo|pelas|pelos|num|numa)\s)[^\W\d_]+\s)(?:seu|sua|seus|suas)",
         "o seu / a sua (with the article, as in Portugal)"),
    ],
}

# Words a text may share with English without being untranslated: names, and words the two
# languages spell alike.
SHARED_WORDS: dict[str, set[str]] = {
    # English names the cards and suits in Spanish.
    "es": {"bot", "normal", "chinchón", "lab", "barajamos", "fournier", "jeux", "de", "cartes",
           "ludoteka", "total", "no", "sota", "caballo", "rey", "oros", "copas", "espadas",
           "bastos", "provisional"},
    "fr": {"bot", "normal", "coach", "expert", "table", "chinchón", "lab", "barajamos",
           "fournier", "jeux", "de", "cartes", "ludoteka", "total", "joker", "jokers", "point",
           "points", "source"},
    "pt": {"bot", "normal", "chinchón", "lab", "barajamos", "fournier", "jeux", "de", "cartes",
           "ludoteka", "total", "joker", "jokers", "copas", "espadas"},
}

# English words that never belong in the other tables (a text left half translated).
ENGLISH_WORDS = r"the|and|with|you|your|is|are|of|points?|cards?|hand|close|loose"

# Texts a glossary rule does not apply to, with the reason.
GLOSSARY_EXEMPT: dict[str, set[str]] = {
    # The human seat's name on its own, the subject of third-person verbs ("{who} ganha").
    "pt": {"play.you"},
}

# Texts that quote another language's card words on purpose (the card-code legend).
CARD_WORDS_EXEMPT: dict[str, set[str]] = {
    "fr": {"handlab.pick.typed_help"},
    "pt": {"handlab.pick.typed_help"},
}
# Words of a card name that are also ordinary words of the language ("as" is an article in
# Portuguese and a conjunction in English).
CARD_WORDS_COMMON: dict[str, set[str]] = {"en": {"as"}, "pt": {"as"}, "es": set(), "fr": set()}

# A number followed by a counted noun must be a plural family (key.one, key.other …), except
# where the number can never be 0 or 1 (a deck size, a player count, a closing limit).
COUNTED = (r"(?:loose |more |return |other )?(?:points?|pts|cards?|hands?|players?|opponents?"
           r"|problems?|ways?|decks?|jokers?|tokens?|returns?|games?|moves?|puzzles?|steps?"
           r"|rounds?|turns?|times|seats?|bots?|wins?|losses|days?|minutes?|seconds?|errors?"
           r"|mistakes?|blunders?|inaccurac(?:y|ies)|answers?|hints?|draws?|discards?|melds?)")
NEVER_ONE: set[tuple[str, str]] = {
    ("handlab.melds.ties", "count"),  # ties need two arrangements at least
    ("handlab.pick.body", "size"),  # 40 or 48
    ("handlab.problem.not_in_deck", "size"),
    ("layoffs.outside.deck_48", "size"),
    ("layoffs.outside.other", "size"),
    ("odds.deck_cards", "n"),
    ("odds.intro", "deck"),
    ("odds.metric.count", "hands"),  # millions of hands
    ("variants.deck.cards", "size"),
    ("variants.deck.option", "sizes"),
    ("sidebar.option.cards", "n"),
    ("sidebar.option.decks", "n"),  # 2
    ("sidebar.option.jokers", "n"),  # 2
    ("sidebar.option.jokers_help", "points"),  # a joker's cost, 25 or so
    ("puzzles.option.decks", "value"),
    ("puzzles.option.jokers", "value"),
    ("layoffs.two_decks", "n"),  # five players or more
    ("layoffs.bad_count", "high"),
    ("layoffs.refused.seats", "players"),  # two players at least are still in
    ("tour.deck.players", "high"),
    ("tour.deck.two_decks", "two_decks_from"),
    ("variants.two_decks.from", "n"),
    ("odds.close_rule.points", "limit"),  # closing limits are 3 to 5
    ("odds.legend.close", "limit"),
    ("tour.close.points", "close_limit"),
    ("puzzles.why.chance", "unseen"),  # dozens of unseen cards
    ("odds.metric.mean", "mean"),  # a mean over every hand, well above 1
    ("play.problem.players", "high"),
}
# Placeholders that never hold a number (a name, a card, a sentence): "{who} wins" is a verb.
NOT_NUMBERS = {"who", "name", "card", "cards", "best", "second", "first", "top", "value",
               "profile", "rules", "meld", "move", "moves", "reason", "page", "option",
               "options", "themes", "sources", "cites", "source", "error", "drawn", "discard",
               "date", "id", "fallback", "allowed", "a", "b", "minus_ten", "best_outcome",
               "second_outcome", "share"}

# Keys whose card-like placeholder holds something else: no article there.
NOT_CARD_SLOTS: set[str] = {
    "odds.compare.same",  # profile names
    "play.mistake_at",  # a move in words ("threw the 8 of copas"), the article inside
    # {move} is a move in words here ("throwing the 8 of copas"), the article inside
    "coach.lesson.outs.one", "coach.lesson.outs.other", "coach.lesson.outs.many",
}
