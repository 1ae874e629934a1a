"""The glossary of each language, as the tests enforce it (tests/test_i18n_words.py).

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
        (r"solver|resolvedor", "solucionador"),
        (r"tríos?", "grupo (a group of the same number)"),
        (r"ligad[oa]s?|ligan?|liga", "combinada(s) / combinar"),
        (r"perfil(es)?", "reglamento (a rule profile)"),
        (r"ronda", "vuelta (a round of the table)"),
    ],
    "fr": [
        (r"solver", "solveur"),
        (r"paquet", "jeu (the deck)"),
        (r"jeux? de règles", "profil (a rule profile)"),
        (r"points? libres?", "points isolés"),
        (r"rejets?", "défausse (the discard, and the discard pile)"),
        (r"la pioche|une pioche|pioche épuisée", "le talon (the stock); « piocher » stays the verb"),
    ],
    "pt": [
        (r"solver|resolvedor", "solucionador"),
        (r"você|vocês", "the verb alone, or o/a seu/sua (European Portuguese)"),
        (r"curingas?", "joker"),
        (r"fechamento", "fecho"),
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
        # A possessive without its article ("sua mão", "Suas escolhas") is Brazilian.
        (r"(?:^|(?!(?:o|a|os|as|à|às|ao|aos|da|do|das|dos|na|no|nas|nos|pela|pelo|pelas|pelos|num|numa)\s)[^\W\d_]+\s)(?:seu|sua|seus|suas)",
         "o seu / a sua (with the article, as in Portugal)"),
    ],
}

# Words a text may share with English without being untranslated: names, and words the two
# languages spell alike.
SHARED_WORDS: dict[str, set[str]] = {
    "es": {"chinchón", "lab", "barajamos", "fournier", "jeux", "de", "cartes", "ludoteka",
           "total", "no", "sota", "caballo", "rey", "oros", "copas", "espadas", "bastos",
           "bot", "normal"},  # English
    # names the cards and suits in Spanish
    "fr": {"chinchón", "lab", "barajamos", "fournier", "jeux", "de", "cartes", "ludoteka",
           "total", "joker", "jokers", "point", "points", "source", "bot", "normal", "coach",
           "expert"},
    "pt": {"chinchón", "lab", "barajamos", "fournier", "jeux", "de", "cartes", "ludoteka",
           "total", "joker", "jokers", "copas", "espadas", "bot", "normal"},
}

# English words that never belong in the other tables (a text left half translated).
ENGLISH_WORDS = r"the|and|with|you|your|is|are|of|points?|cards?|hand|close|loose"

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
COUNTED = (r"(?:loose |more |return )?(?:points?|pts|cards?|hands?|players?|opponents?"
           r"|problems?|ways?|decks?|jokers?|tokens?|returns?)")
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
    ("play.problem.players", "high"),  # a table seats 2 players at least
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
    ("layoffs.outside.other", "name"),  # a profile's name, not a number
}
