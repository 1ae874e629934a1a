"""Words, in every language: plural forms, untranslated texts, one glossary per language.

These run over every key of the tables, so they also judge the texts added later.
"""

from __future__ import annotations

import re

import pytest

from chinchon.views import i18n
from tests.support.i18n_glossary import (
    CARD_WORDS_COMMON,
    CARD_WORDS_EXEMPT,
    COUNTED,
    ENGLISH_WORDS,
    FORBIDDEN,
    GLOSSARY_EXEMPT,
    NEVER_ONE,
    NOT_CARD_SLOTS,
    NOT_NUMBERS,
    SHARED_WORDS,
)

OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


def words(text: str) -> set[str]:
    """The lower-case words of a text, placeholders, code spans and markup left out."""
    text = re.sub(r"\{[^}]*\}|`[^`]*`|%\{[^}]*\}", " ", text)
    return {w.lower() for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", text)}


def test_every_plural_family_has_the_languages_cldr_forms() -> None:
    missing = i18n.missing_plural_forms()
    assert missing == {}, "; ".join(f"{lang}: {', '.join(sorted(k))}" for lang, k in missing.items())


def test_plural_families_are_plural_in_every_language() -> None:
    """A family in English is a family everywhere (not a plain key in French, say)."""
    for lang in i18n.LANGUAGES:
        plain = set(i18n.catalog(lang))
        for key in i18n.catalog("en"):
            family = i18n.plural_family(key)
            if family:
                assert family[0] not in plain, f"{lang}: {family[0]} must be a plural family"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_counted_noun_is_a_plural_family(lang: str) -> None:
    """"1 pts", "1 loose points": a number before a counted noun needs the plural forms."""
    table = i18n.catalog("en")
    wrong = []
    for key, text in table.items():
        if i18n.plural_family(key):
            continue
        for match in re.finditer(r"\{(\w+)\}[ \u00a0]+" + COUNTED + r"\b", text):
            if (key, match.group(1)) not in NEVER_ONE and match.group(1) not in NOT_NUMBERS:
                wrong.append(f"{key} ({match.group(0)})")
    assert not wrong, "make these plural families (key.one, key.other …): " + ", ".join(wrong)


def test_plural_forms_use_the_englishs_placeholders() -> None:
    """Each form may leave out the count ("un point"), never add an argument."""
    english = i18n.catalog("en")
    for lang in i18n.LANGUAGES:
        for key, text in i18n.catalog(lang).items():
            family = i18n.plural_family(key)
            if family:
                allowed = i18n.placeholders(english[f"{family[0]}.other"]) | {"count"}
                assert i18n.placeholders(text) <= allowed, (lang, key)


def test_format_specs_are_known() -> None:
    for lang in i18n.LANGUAGES:
        for key, text in i18n.catalog(lang).items():
            assert i18n.format_specs(text) <= set(i18n.FORMAT_SPECS), (lang, key)


@pytest.mark.parametrize("lang", OTHERS)
def test_no_text_is_left_in_english(lang: str) -> None:
    english, table = i18n.catalog("en"), i18n.catalog(lang)
    same = [k for k, v in table.items()
            if english.get(k) == v and words(v) - SHARED_WORDS[lang]]
    assert not same, f"{lang}: these still read as the English text: {', '.join(same)}"
    english_word = re.compile(rf"(?<![\w'-])({ENGLISH_WORDS})(?![\w'-])")
    leaks = [f"{k} ({m.group(0)})" for k, v in table.items()
             for m in [english_word.search(re.sub(r"\{[^}]*\}|`[^`]*`", " ", v))]
             if m and m.group(0).lower() not in SHARED_WORDS[lang]]
    assert not leaks, f"{lang}: English words in: {', '.join(leaks)}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_glossary_terms(lang: str) -> None:
    wrong = []
    for key, value in i18n.catalog(lang).items():
        if key in GLOSSARY_EXEMPT.get(lang, set()):
            continue
        text = re.sub(r"\{[^}]*\}", "…", value)
        for pattern, instead in FORBIDDEN.get(lang, []):
            found = re.search(rf"(?<![\w-])(?:{pattern})(?![\w-])", text, re.IGNORECASE)
            if found:
                wrong.append(f"{key}: {found.group(0)!r} -> {instead}")
    assert not wrong, f"{lang}:\n" + "\n".join(wrong)


def card_words(lang: str) -> set[str]:
    table = i18n.catalog(lang)
    texts = [table[f"card.rank.{n}"] for n in (1, 10, 11, 12)]
    texts += [table[f"card.suit_of.{s}"] for s in "oceb"] + [table["card.joker"]]
    return {w for text in texts for w in words(text)} - {"de", "of", "d"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_one_name_per_card_and_suit(lang: str) -> None:
    """French says "6 de coupes" everywhere, never "6 de copas" two lines further down."""
    own = card_words(lang)
    foreign = set().union(*(card_words(o) for o in i18n.LANGUAGES if o != lang))
    foreign -= own | CARD_WORDS_COMMON[lang] | {"d'épées", "d'ors"}
    wrong = []
    for key, text in i18n.catalog(lang).items():
        if key in CARD_WORDS_EXEMPT.get(lang, set()):
            continue
        if bad := sorted(words(text) & foreign):
            wrong.append(f"{key}: {', '.join(bad)}")
    assert not wrong, f"{lang} uses another language's card words:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_card_names_take_articles(lang: str) -> None:
    names = {code: i18n.card_name(code, lang) for code in ("1o", "7c", "10e", "11b", "12o", "JK")}
    for code, name in names.items():
        assert name.the().endswith(name) and name.of().endswith(name), (lang, code)
        assert f"{name:the}" == name.the() == i18n.t("card.the.n", lang, name="x").replace(
            "x", "") + name or code in {"1o", "10e", "11b", "12o", "JK"}


@pytest.mark.parametrize(
    ("code", "lang", "the", "of"),
    [
        ("9b", "en", "the 9 of bastos", "of the 9 of bastos"),
        ("9b", "es", "el 9 de bastos", "del 9 de bastos"),
        ("10o", "es", "la sota de oros", "de la sota de oros"),
        ("1e", "fr", "l'as d'épées", "de l'as d'épées"),
        ("12c", "fr", "le roi de coupes", "du roi de coupes"),
        ("10b", "pt", "o valete de paus", "do valete de paus"),
        ("JK", "pt", "o joker", "do joker"),
    ],
)
def test_articles(code: str, lang: str, the: str, of: str) -> None:
    name = i18n.card_name(code, lang)
    assert (name.the(), name.of()) == (the, of)


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("en", 1, "Loose: 1 point"),
        ("en", 0, "Loose: 0 points"),
        ("fr", 0, "Isolée : 0 point"),
        ("fr", 1, "Isolée : 1 point"),
        ("fr", 2, "Isolée : 2 points"),
        ("pt", 0, "Solta: 0 pontos"),  # European Portuguese: 0 is plural (Brazil: singular)
        ("pt", 1, "Solta: 1 ponto"),
        ("es", 1, "Suelta: 1 punto"),
        ("es", 1_000_000, "Suelta: 1.000.000 de puntos"),
    ],
)
def test_plural_choice(lang: str, count: int, text: str) -> None:
    assert i18n.t("home.sample_loose", lang, points=count) == text


def test_plural_needs_a_number() -> None:
    with pytest.raises(KeyError, match="count must be a number"):
        i18n.t("home.sample_loose", "en", points=1, count="one")
    with pytest.raises(KeyError, match="points"):
        i18n.t("home.sample_loose", "en")
    # No number to show (a dash): the general form.
    assert i18n.t("home.sample_loose", "en", points="—") == "Loose: — points"


@pytest.mark.parametrize(
    ("lang", "share", "digits", "text"),
    [
        ("en", 0.16, 0, "16%"),
        ("fr", 0.16, 0, "16\u00a0%"),
        ("es", 0.105, 1, "10,5\u00a0%"),
        ("pt", 0.105, 1, "10,5%"),
        ("en", 0.1049, 1, "10.5%"),
        ("en", 0.105, 0, "11%"),  # half up, like the texts that round by hand
    ],
)
def test_percentages(lang: str, share: float, digits: int, text: str) -> None:
    assert i18n.fmt_percent(share, lang, digits) == text


def test_numbers_in_messages_are_localised() -> None:
    assert i18n.t("odds.metric.count", "fr", count=1234567, hands="x").startswith(
        "1\u202f234\u202f567")
    assert "−10" in i18n.t("handlab.outcome.points", "en", score=-10)


@pytest.mark.parametrize(("lang", "caption"), [("en", "COPAS"), ("es", "COPAS"),
                                               ("fr", "COUPES"), ("pt", "COPAS")])
def test_card_faces_name_the_suit_as_the_text_does(lang: str, caption: str) -> None:
    from chinchon.views.svg import card_svg

    assert f">{caption}</text>" in card_svg("7c", lang=lang)
    assert ">PAUS</text>" in card_svg("7b", lang="pt")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Throwing the 9 of bastos leaves 1 loose point; the next best, the sota of oros,"
               " leaves 4."),
        ("es", "Tirando el 9 de bastos te queda 1 punto suelto; la siguiente mejor, la sota de"
               " oros, deja 4."),
        ("fr", "Jeter le 9 de bâtons laisse 1 point isolé ; le deuxième meilleur coup, le valet"
               " d'ors, en laisse 4."),
        ("pt", "Descartando o 9 de paus, fica 1 ponto solto; a segunda melhor jogada, o valete de"
               " ouros, deixa 4."),
    ],
)
def test_a_card_in_a_sentence_takes_its_article(lang: str, text: str) -> None:
    best, second = i18n.card_name("9b", lang), i18n.card_name("10o", lang)
    assert i18n.t("puzzles.why.points", lang, best=best, best_points=1, second=second,
                  second_points=4) == text


def test_ordinals_follow_the_languages_rule() -> None:
    assert "the 2nd time" in i18n.t("tour.scoring.stock_end", "en", stock_end=2)
    assert "the 3rd time" in i18n.t("tour.scoring.stock_end", "en", stock_end=3)
    assert [i18n.fmt_ordinal(n, "fr") for n in (1, 2)] == ["1er", "2e"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_text_fills_for_any_count(lang: str) -> None:
    """Every key, plain or plural, formats with a card and with 0, 1, 2 and a million."""
    names = {(f[0] if (f := i18n.plural_family(k)) else k) for k in i18n.catalog(lang)}
    card = i18n.card_name("10o", lang)
    for key in sorted(names):
        wanted = set().union(*(i18n.placeholders(text)
                               for text in i18n.forms(key, lang).values()))
        for count in (0, 1, 2, 1_000_000):
            params: dict[str, object] = dict.fromkeys(wanted | {"count"}, count)
            cards = wanted & {"card", "best", "second", "top", "move", "drawn", "discard"}
            params |= dict.fromkeys(cards, card)
            assert i18n.t(key, lang, **params), (lang, key)


CARD_SLOTS = r"card|best|second|top|move|drawn|discard"


@pytest.mark.parametrize(("lang", "article"), [("en", "the"), ("es", "el|la"), ("fr", "le|la|l'"),
                                               ("pt", "o|a")])
def test_card_slots_take_the_article_from_the_card(lang: str, article: str) -> None:
    """"the {card}" is wrong for half the cards in Spanish ("el sota"): write {card:the}."""
    slot = re.compile(rf"(?<![\w'])(?:{article}) ?\{{(?:{CARD_SLOTS})\}}", re.IGNORECASE)
    wrong = [key for key, text in i18n.catalog(lang).items() if slot.search(text)]
    assert not wrong, f"{lang}: write {{card:the}} in " + ", ".join(wrong)


# --- Issue 25's words: each of these failed before its fix ---------------------------------


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_card_in_running_text_keeps_its_article(lang: str) -> None:
    """"¡Correcto! 8 de copas es …" drops the article: a card slot inside a sentence writes
    {card:the} (a bare {card} is for labels: after a colon, a bracket, an equals sign, bold)."""
    bare = re.compile(rf"(?<!: )(?<!\()(?<!= )(?<!\*\*)(?<!^)\{{(?:{CARD_SLOTS}|naive|neighbour"
                      rf"|twin)\}}")
    wrong = [key for key, text in i18n.catalog(lang).items()
             if key not in NOT_CARD_SLOTS and bare.search(text)]
    assert not wrong, f"{lang}: write {{card:the}} in " + ", ".join(wrong)


@pytest.mark.parametrize(("lang", "text"), [
    ("es", "¡Correcto! La mejor jugada es el 8 de copas."),
    ("en", "Right: the 8 of copas is the best move."),
    ("fr", "Bravo : le 8 de coupes est le meilleur coup."),
    ("pt", "Certo: a melhor jogada é o 8 de copas."),
])
def test_the_right_answer_names_the_card_with_its_article(lang: str, text: str) -> None:
    assert i18n.t("puzzles.right", lang, move=i18n.card_name("8c", lang)) == text


def test_you_come_back_agrees_with_you() -> None:
    from chinchon.views.layoff_steps import EntryKind, SheetRow
    from webui.hand_end import row_label

    row = SheetRow(4, EntryKind("close"), (3, 10), (58, 80), 1, (), 0, ((0, 55),))
    assert row_label(row, ["You", "Bot 1"], "en", you=0) == "Hand 4 · you come back at 55"
    assert row_label(row, ["Player 1", "Player 2"], "en") == "Hand 4 · Player 1 comes back at 55"
    assert row_label(row, ["Você", "Bot 1"], "pt", you=0).endswith("volta com 55")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_negative_numbers_have_a_true_minus_sign(lang: str) -> None:
    """−10, −271: no text writes a number with a hyphen, and the signed numbers of the score
    sheet and the rating's change come from the one formatter."""
    hyphen = re.compile(r"(?<![\w\-–])-\d")
    wrong = [key for key, text in i18n.catalog(lang).items() if hyphen.search(text)]
    assert not wrong, f"{lang}: write −, not -, in " + ", ".join(wrong)
    assert i18n.fmt_signed(-271, lang) == "\u2212271"
    assert i18n.fmt_signed(10, lang) == "+10" and i18n.fmt_signed(0, lang) == "0"


def test_a_rating_change_shows_a_true_minus_and_still_reads_as_a_loss() -> None:
    from webui.progress import delta_args

    assert delta_args(-12.4, "en") == {"delta": "\u221212", "delta_color": "red",
                                       "delta_arrow": "down"}
    assert delta_args(7.0, "fr")["delta"] == "+7" and delta_args(None, "en") == {"delta": None}


@pytest.mark.parametrize(("lang", "text"), [("en", "keeps 57 points"), ("en", "keeps 1 point"),
                                            ("es", "quedan 57 puntos"), ("fr", "reste 57 points"),
                                            ("pt", "ficam 57 pontos")])
def test_keeps_says_points(lang: str, text: str) -> None:
    points = int(text.split()[1])
    assert i18n.t("play.keeps", lang, points=points) == text


def test_spanish_calls_a_rating_a_rating_not_a_score() -> None:
    """"Puntuación" is a game's score; a rating is a "valoración", everywhere it is meant."""
    english, spanish = i18n.catalog("en"), i18n.catalog("es")
    rating = re.compile(r"\brat(?:ing|ings|ed)\b", re.IGNORECASE)
    meant = [key for key, text in english.items() if rating.search(text)]
    assert "progress.rating" in meant
    wrong = [key for key in meant if re.search(r"puntu", spanish[key], re.IGNORECASE)
             or not re.search(r"valora", spanish[key], re.IGNORECASE)]
    # The performance rating is a "rendimiento" (no rating word needed).
    assert set(wrong) <= {"progress.chart.performance"}, wrong


def test_portuguese_speaks_in_the_third_person_like_the_rest_of_the_site() -> None:
    """European Portuguese, verb alone: what the human seat does reads "Mostra …", never
    "Você mostra" nor the "tu" form "Mostras"."""
    table = i18n.catalog("pt")
    mine = {k: v for k, v in table.items() if ".you_" in k or k.startswith("play.you_")}
    assert mine and not [k for k, v in mine.items() if re.match(r"(?i)você\b", v)]
    assert table["layoffs.step.you_show"].startswith("Mostra ")
