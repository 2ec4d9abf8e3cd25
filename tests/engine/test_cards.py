"""The card parser: every accepted form, and a table of refused inputs with their messages."""

import pytest

from trainer.engine import ALL_CARDS, Card, CardError, Deck, card, parse_cards


@pytest.mark.parametrize(
    "text",
    ["Qh", "qh", "QH", "qH", "Q♥", "q♥", "Q♥\ufe0f", "Q♡"],
)
def test_every_form_of_the_queen_of_hearts(text):
    (parsed,) = parse_cards(text)
    assert str(parsed) == "Qh"
    assert parsed.rank == 12 and parsed.suit == 2


@pytest.mark.parametrize("text", ["Td", "td", "10d", "10D", "T♦", "10♦"])
def test_ten_is_t_or_10(text):
    assert str(parse_cards(text)[0]) == "Td"


def test_spaces_and_commas_separate_cards():
    cards = parse_cards(" As,Ks  ,qs\tJs\n10s ")
    assert [str(c) for c in cards] == ["As", "Ks", "Qs", "Js", "Ts"]


def test_every_card_round_trips_through_its_text():
    assert len(ALL_CARDS) == 52 and len(set(ALL_CARDS)) == 52
    for c in ALL_CARDS:
        assert parse_cards(str(c)) == (c,)
        assert card(c.code) is c
        assert Card(c.code) is c


def test_the_suit_symbols_are_clubs_diamonds_hearts_spades():
    assert [str(c) for c in parse_cards("2♣ 2♦ 2♥ 2♠")] == ["2c", "2d", "2h", "2s"]


def test_empty_text_is_no_cards():
    assert parse_cards("") == ()
    assert parse_cards(" , ") == ()


def test_a_list_of_strings_is_read_too():
    assert parse_cards(["Qh Qs", "2c"]) == parse_cards("Qh Qs 2c")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Qx", "'Qx' has no suit"),
        ("1h", "'1h' has no rank"),
        ("11h", "'11h' has no rank"),
        ("Zh", "'Zh' has no rank"),
        ("Q", "'Q' is not a card"),
        ("h", "'h' is not a card"),
        ("QhQs", "'QhQs' has no rank"),
        ("Qh Qh", "Qh is given twice"),
        ("Qh q♥", "Qh is given twice"),
        ("10d Td", "Td is given twice"),
        ("Ah Kh ZZ", "'ZZ' is not a card"),
        ("xyz", "'xyz' is not a card"),
        ("Q♥♥", "'Q♥♥' has no rank"),
        ("0s", "'0s' has no rank"),
    ],
)
def test_refused_input_names_the_offending_token(text, message):
    with pytest.raises(CardError) as excinfo:
        parse_cards(text)
    assert message in str(excinfo.value)


@pytest.mark.parametrize("value", [None, 12, [1, 2], b"Qh"])
def test_non_text_is_refused_with_a_card_error(value):
    with pytest.raises(CardError):
        parse_cards(value)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_deck_deals_every_card_once_and_replays_from_its_seed():
    deck = Deck(seed=42)
    dealt = deck.deal(52)
    assert sorted(dealt) == sorted(ALL_CARDS)
    assert Deck(seed=42).deal(52) == dealt
    assert Deck(seed=43).deal(52) != dealt
    with pytest.raises(CardError, match="the stock has 0 cards"):
        deck.deal(1)


def test_discards_shuffled_back_form_a_new_stock():
    deck = Deck(seed=1)
    held = deck.deal(50)
    deck.add_to_stock(held[:5])
    assert deck.remaining == 7
    assert set(deck.deal(7)) == set(deck.cards)


def test_cards_pickle_to_the_same_singleton():
    import pickle

    c = parse_cards("Qh")[0]
    assert pickle.loads(pickle.dumps(c)) is c
