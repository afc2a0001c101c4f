"""Hocus Focus, rule by rule: at least one test per rule id, both sides where a side exists.

Each test's docstring starts with the rule id(s) it checks; a comment cites the heading of
``hocus-focus.es.txt``. Tables are stacked white-box (:func:`stacked` rewrites the state's
face-up wizards, turned card and draw pile of a real game); undo and saves replay from
the seed, so they are checked on unstacked games. ``tests/engine/test_every_game.py`` fails when
a rule id of the engine has no test naming it here.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from witchtable.engine import GAMES, IllegalAction, load_game, new_game
from witchtable.engine.games.hocus_focus import BOTS, LEVELS, shared
from witchtable.engine.games.hocus_focus.state import MAX_MS, fitting
from witchtable.engine.games.hocus_focus.wizards import (
    COLOURS,
    GARMENTS,
    HOUSE_DECK,
    SIZES,
    attributes,
)

P = "hocus-focus/"
TURNED = "thin-RPPG"
"""The rulebook's example turns a thin wizard; these three are its A, B and C."""
A_SIZE, B_HAT, C_FITS = "thin-PTGR", "medium-RTGT", "medium-PRRT"
FITS = [c for c in HOUSE_DECK if not shared(c, TURNED)]
MISSES = [c for c in HOUSE_DECK if c != TURNED and shared(c, TURNED)]


def stacked(players: int = 2, board=(), turned: str = TURNED, pile=(), *, fill_fits=False,
            seed: int = 0, **options):
    """A game whose round 1 shows ``board`` (filled up to 12 with wizards that do not fit
    ``turned``, or that do with ``fill_fits``), ``turned`` on the pile and ``pile`` next
    (its last card is turned next); the other wizards lie below."""
    game = new_game("hocus-focus", players, seed, **options)
    state = game._state
    deck = list(state.options["deck"])
    board = list(board)
    spare = [c for c in (FITS if fill_fits else MISSES) if c not in board and c not in pile
             and c != turned]
    board += spare[:12 - len(board)]
    rest = [c for c in deck if c not in board and c not in pile and c != turned]
    state.board, state.turned, state.pile = board, turned, rest + list(pile)
    assert sorted([*state.board, state.turned, *state.pile]) == sorted(deck)
    return game


def snap(game) -> str:
    return json.dumps([game.view(s) for s in [None, *range(game.players)]], sort_keys=True)


def claim(card: str, ms: int, point_ms: int = 0) -> dict:
    return {"type": "claim", "card": card, "ms": ms, "point_ms": point_ms}


def nomatch(ms: int) -> dict:
    return {"type": "no-match", "ms": ms}


PASS = {"type": "pass"}


def texts(game) -> list[str]:
    return [e["text"] for e in game.view(None)["log"]]


def act(game, seat: int, action: dict) -> None:
    """Play ``action`` as a call of the round being played (hocus-focus/round/bound: every
    call names its round; tests of that rule give the round themselves)."""
    game.apply(seat, {"round": game.view(None)["round"], **action})


def assert_illegal(game, seat, action, rule, match=""):
    """``action`` (its round filled in unless given) is refused naming ``rule``; nothing changes."""
    before = snap(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, {"round": game.view(None)["round"], **action})
    assert err.value.rule == rule, err.value
    assert match in err.value.message
    assert snap(game) == before


# --------------------------------------------------------------------------- set-up


def test_deck_house():
    """hocus-focus/deck/house: 48 distinct wizards, 16 per size, each size an orthogonal
    array of colours, every wizard fitting exactly 10 others; no match is rare but happens."""
    # Componentes; ../shared/gamedata/COMPONENTS.md (house data).
    assert len(HOUSE_DECK) == len(set(HOUSE_DECK)) == 48
    cards = [attributes(c) for c in HOUSE_DECK]
    for size in SIZES:
        mine = [c[1:] for c in cards if c[0] == size]
        assert len(mine) == 16
        for i, j in itertools.combinations(range(len(GARMENTS)), 2):
            assert sorted((c[i], c[j]) for c in mine) == sorted(itertools.product(COLOURS, COLOURS))
    assert {sum(not shared(a, b) for b in HOUSE_DECK) for a in HOUSE_DECK} == {10}
    rng = random.Random(5)
    none = sum(not fitting(d[:12], d[12]) for d in (rng.sample(HOUSE_DECK, 13) for _ in range(20_000)))
    assert 0.02 < none / 20_000 < 0.06
    # The deck option replaces the house deck, and a bad one is refused with the reason.
    small = [c for c in HOUSE_DECK if c.startswith(("thin", "wide"))]
    game = new_game("hocus-focus", 2, 1, deck=small)
    assert game.view(None)["draw_size"] == len(small) - 13
    for bad, why in (("x", "list"), (["thin-RRRR"] * 20, "more than once"),
                     (["tall-RRRR", *small], "not a wizard"), (small[:5], "14 to 768")):
        with pytest.raises(ValueError, match=why):
            new_game("hocus-focus", 2, 1, deck=bad)


def test_setup_players():
    """hocus-focus/setup/players: two to six players."""
    # Preparar (the rulebook gives no count: a ruling).
    spec = GAMES["hocus-focus"]
    assert (spec.min_players, spec.max_players) == (2, 6)
    for players in (1, 7):
        with pytest.raises(ValueError, match="2 to 6 players"):
            new_game("hocus-focus", players, 1)


def test_setup_deal():
    """hocus-focus/setup/deal: 12 wizards face up, the rest a face-down draw pile."""
    # Preparar.
    game = new_game("hocus-focus", 3, 4)
    view = game.view(None)
    assert len(view["board"]) == len(set(view["board"])) == 12
    assert view["draw_size"] == 48 - 12 - 1 and view["turned"]
    assert "pile" not in view and not set(view["cards"]) - {*view["board"], view["turned"]}
    boards = {tuple(new_game("hocus-focus", 3, s).view(None)["board"]) for s in range(5)}
    assert len(boards) == 5


def test_round_turn():
    """hocus-focus/round/turn: each round turns the draw pile's top wizard."""
    # Como se Juega.
    game = stacked(2, [C_FITS], pile=["wide-GGGG"])
    act(game, 0, claim(C_FITS, 900))
    act(game, 1, PASS)
    view = game.view(None)
    assert view["round"] == 2 and view["turned"] == "wide-GGGG" and view["draw_size"] == 48 - 14
    assert "Round 2: wide-GGGG is turned up; find a wizard with nothing in common with it." in texts(game)


def test_round_bound():
    """hocus-focus/round/bound: every call names the round it answers; one sent again after
    its round was judged is refused in the next round, and nothing changes."""
    # Como se Juega (a ruling: a message can arrive late or twice).
    game = stacked(2, [B_HAT, C_FITS], pile=["wide-GGGG"])
    call = {"type": "claim", "round": 1, "card": B_HAT, "ms": 700, "point_ms": 0}
    game.apply(0, call)
    game.apply(1, {"type": "pass", "round": 1})
    assert game.view(None)["round"] == 2 and B_HAT in game.view(None)["board"]
    assert_illegal(game, 0, call, P + "round/bound",
                   "This call answers round 1, but round 2 is being played")
    assert_illegal(game, 1, {"type": "pass", "round": 1}, P + "round/bound", "take 'round' from the view")
    assert_illegal(game, 1, {"type": "pass", "round": 3}, P + "round/bound", "round 2 is being played")
    # A call that names no round (a save from before calls named theirs) answers this round.
    twin = game.clone()
    twin.apply(0, {"type": "claim", "card": B_HAT, "ms": 700})
    assert twin.history[-1].action["round"] == 2
    for bad in (0, True, 1.0, "2"):
        assert_illegal(game, 0, {**call, "round": bad}, "core/action-format", "'round' must be the round")
    # The listing, the bots and the explorer's near miss all carry the round.
    assert {a["round"] for s in (0, 1) for a in game.legal_actions(s)} == {2}
    assert all(BOTS[kind](s).choose(game.view(s), game.legal_actions(s))["round"] == 2
               for kind in BOTS for s in (0, 1))
    stale = [e for e in game.explain(0) if e["action"].get("round") == 1]
    assert [(e["legal"], e["rule"]) for e in stale] == [(False, P + "round/bound")]
    # Untimed play binds its calls to the round too: a pass sent twice gives up one round.
    untimed = stacked(2, [C_FITS], timing="untimed")
    untimed.apply(0, {"type": "pass", "round": 1})
    untimed.apply(1, {"type": "pass", "round": 1})
    assert untimed.view(None)["round"] == 2 and untimed.to_act == (1,)
    assert_illegal(untimed, 1, {"type": "pass", "round": 1}, P + "round/bound")
    assert {a["round"] for a in untimed.legal_actions(1)} == {2}


def test_round_twelve_and_claim_right():
    """hocus-focus/round/twelve, hocus-focus/claim/right: the winner takes the wizard and
    the turned one fills its gap, so the next round starts with 12 face up."""
    # Notas; Como se Juega.
    game = stacked(2, [A_SIZE, B_HAT, C_FITS])
    gap = game.view(None)["board"].index(C_FITS)
    act(game, 1, claim(C_FITS, 1500))
    act(game, 0, PASS)
    view = game.view(None)
    assert view["won"] == [[], [C_FITS]] and game.scores == [0, 1]
    assert len(view["board"]) == 12 and view["board"][gap] == TURNED and C_FITS not in view["board"]
    assert view["last_round"]["winner"] == 1 and view["last_round"]["card"] == C_FITS


# --------------------------------------------------------------------------- claims


def test_claim_fit_rulebook_example():
    """hocus-focus/claim/fit: the rulebook's example: with a thin wizard turned, A fails on
    size, B on the hat, and C fits."""
    # Ejemplo.
    assert shared(A_SIZE, TURNED) == ["size"]
    assert shared(B_HAT, TURNED) == ["hat"]
    assert shared(C_FITS, TURNED) == []
    game = stacked(4, [A_SIZE, B_HAT, C_FITS])
    for seat, action in ((0, claim(A_SIZE, 1000)), (1, claim(B_HAT, 1200)),
                         (2, claim(C_FITS, 1400)), (3, PASS)):
        act(game, seat, action)
    log = texts(game)
    assert any("pointing at thin-PTGR, which shares size with thin-RPPG" in t for t in log)
    assert any("pointing at medium-RTGT, which shares hat with thin-RPPG" in t for t in log)
    assert game.scores == [0, 0, 1, 0]
    results = {c["seat"]: c["result"] for c in game.view(None)["last_round"]["calls"]}
    assert results == {0: "wrong", 1: "wrong", 2: "right", 3: "pass"}
    wrong = [e for e in game.view(None)["log"] if e["kind"] == "wrong"]
    assert [e["matched"] for e in wrong] == [["size"], ["hat"]]


def test_claim_face_up():
    """hocus-focus/claim/face-up: a claim must point at one of the 12 face-up wizards."""
    # Como se Juega.
    game = stacked(2, [C_FITS])
    off = next(c for c in FITS if c not in game.view(None)["board"])
    assert_illegal(game, 0, claim(off, 100), P + "claim/face-up", "not one of the 12 face-up")
    assert_illegal(game, 0, claim("dragon", 100), "core/action-format", "wizard id")
    # The explorer names the rule allowing a claim, never whether it fits (no give-away).
    claims = [e for e in game.explain(0) if e["action"]["type"] == "claim"]
    assert {e["rule"] for e in claims if e["legal"]} == {P + "claim/face-up"}
    assert len([e for e in claims if e["legal"]]) == 12
    assert [e["rule"] for e in claims if not e["legal"]] == [P + "claim/face-up"]


def test_claim_wrong_bars_until_next_round():
    """hocus-focus/claim/wrong: a wrong claim bars its player for the rest of the round."""
    # Notas.
    game = stacked(3, [B_HAT, C_FITS], timing="untimed")
    assert game.to_act == (0,)
    act(game, 0, {"type": "claim", "card": B_HAT})
    assert game.view(None)["barred"] == [0] and game.to_act == (1,)
    act(game, 1, PASS)
    assert game.to_act == (2,)
    act(game, 2, PASS)   # nobody else may look: seat 0 is barred, so the round ends
    view = game.view(None)
    assert view["round"] == 2 and view["barred"] == [] and view["set_aside"] == [TURNED]
    assert any("Player 1 is barred until the next round" in t for t in texts(game))
    # Timed: the barred player's call stays its only one; a later right call wins.
    game = stacked(2, [B_HAT, C_FITS])
    act(game, 0, claim(B_HAT, 700))
    assert 0 not in game.to_act
    act(game, 1, claim(C_FITS, 2000))
    assert game.scores == [0, 1]


def test_claim_judged_in_order_not_arrival():
    """hocus-focus/claim/judged-in-order: calls are judged earliest first whatever order they
    arrive in; once one is right the later ones are not judged (and cost nothing)."""
    # Notas.
    calls = {0: claim(B_HAT, 800), 1: claim(C_FITS, 1100), 2: claim(A_SIZE, 1900)}
    snaps = set()
    for order in itertools.permutations(range(3)):
        game = stacked(3, [A_SIZE, B_HAT, C_FITS], expert=True)
        game._state.won[2] = [game._state.pile.pop(0)]   # seat 2 holds a card it could lose
        for seat in order:
            act(game, seat, calls[seat])
        snaps.add(json.dumps([game.view(None)["board"], game.scores, texts(game)[-6:]]))
        results = {c["seat"]: c["result"] for c in game.view(None)["last_round"]["calls"]}
        assert results == {0: "wrong", 1: "right", 2: "late"}
        assert game.scores == [0, 1, 1]   # seat 2's late wrong claim is never judged
    assert len(snaps) == 1
    assert any("came after the round was decided and is not judged" in t for t in texts(game))


def test_round_one_card():
    """hocus-focus/round/one-card: only one wizard is won per round."""
    # Notas.
    game = stacked(2, [C_FITS], fill_fits=True)
    other = next(c for c in game.view(None)["board"] if c != C_FITS)
    act(game, 0, claim(C_FITS, 1000))
    act(game, 1, claim(other, 1500))
    assert game.scores == [1, 0] and sum(len(w) for w in game.view(None)["won"]) == 1


# --------------------------------------------------------------------------- no match


def test_no_match_right():
    """hocus-focus/no-match/right: with no fitting wizard, the first to call it wins the
    turned wizard; the 12 face-up stay as they were."""
    # Sin coincidencia.
    game = stacked(3, [])
    board = game.view(None)["board"]
    assert not fitting(board, TURNED)
    act(game, 2, nomatch(4000))
    act(game, 0, nomatch(5200))
    act(game, 1, claim(board[0], 3000))   # earlier, but wrong: barred, then seat 2 wins
    view = game.view(None)
    assert view["won"][2] == [TURNED] and game.scores == [0, 0, 1] and view["board"] == board
    assert "Player 3 calls No match! at 4000 ms, rightly: no face-up wizard fits; Player 3 " \
           "wins thin-RPPG." in texts(game)
    untimed = stacked(2, [], timing="untimed")
    act(untimed, 0, {"type": "no-match"})
    assert untimed.scores == [1, 0]


def test_no_match_wrong():
    """hocus-focus/no-match/wrong: "No match!" while a wizard fits bars its caller, and the
    log does not say which wizard fits."""
    # Sin coincidencia.
    game = stacked(2, [C_FITS], timing="untimed")
    act(game, 0, {"type": "no-match"})
    assert game.view(None)["barred"] == [0] and game.to_act == (1,)
    last = texts(game)[-1]
    assert last == "Player 1 calls No match!, but a face-up wizard fits; Player 1 is barred " \
                   "until the next round." and C_FITS not in last
    act(game, 1, {"type": "claim", "card": C_FITS})
    assert game.scores == [0, 1]


# --------------------------------------------------------------------------- ties


def test_tie_window():
    """hocus-focus/tie/window: calls within tie_ms of the earliest call are simultaneous,
    whatever they point at: the card is set aside; each call in the window is still judged."""
    # Romper un empate: "Si más de un jugador grita ¡Kazaam! al mismo tiempo", no condition
    # on the cards pointed at.
    other = next(c for c in FITS if c != C_FITS)
    for gap, outcome in ((100, "tie"), (101, "claim")):
        game = stacked(2, [C_FITS, other])
        act(game, 1, claim(other, 1000 + gap))
        act(game, 0, claim(C_FITS, 1000))
        view = game.view(None)
        assert view["last_round"]["outcome"] == outcome
        assert view["set_aside"] == ([TURNED] if outcome == "tie" else [])
        assert game.scores == ([0, 0] if outcome == "tie" else [1, 0])
    # A right call and a wrong one 50 ms later: a tie; the wrong one is judged (barred).
    game = stacked(3, [C_FITS, B_HAT], tie_ms=250)
    act(game, 0, claim(C_FITS, 1000))
    act(game, 1, claim(B_HAT, 1050))
    act(game, 2, PASS)
    view = game.view(None)
    assert game.scores == [0, 0, 0] and view["set_aside"] == [TURNED]
    assert view["last_round"]["outcome"] == "tie" and C_FITS in view["board"]
    assert {c["seat"]: c["result"] for c in view["last_round"]["calls"]} == \
        {0: "tie", 1: "wrong", 2: "pass"}
    assert texts(game)[-5:-1] == [
        "Player 1 calls Kazaam! at 1000 ms, pointing at medium-PRRT: it fits, but a tie wins nothing.",
        "Player 2 also calls at 1050 ms, within 250 ms of Player 1's call: the calls are simultaneous.",
        "Player 2 calls Kazaam! at 1050 ms, pointing at medium-RTGT, which shares hat with "
        "thin-RPPG; Player 2 is barred until the next round.",
        "A tie: thin-RPPG is set aside, and the next round's winner takes it too."]
    # The wrong call first and the right one inside its window: a tie all the same.
    game = stacked(2, [C_FITS, B_HAT])
    act(game, 0, claim(B_HAT, 1000))
    act(game, 1, claim(C_FITS, 1100))
    assert game.scores == [0, 0] and game.view(None)["last_round"]["outcome"] == "tie"
    # Two wrong calls at once also tie: the right call after them is not judged.
    game = stacked(3, [C_FITS, B_HAT, A_SIZE])
    act(game, 0, claim(B_HAT, 1000))
    act(game, 1, claim(A_SIZE, 1020))
    act(game, 2, claim(C_FITS, 1500))
    results = {c["seat"]: c["result"] for c in game.view(None)["last_round"]["calls"]}
    assert results == {0: "wrong", 1: "wrong", 2: "late"} and game.scores == [0, 0, 0]
    # The window runs from the earliest call not yet judged: a lone wrong call first, then
    # two right calls at once.
    game = stacked(3, [C_FITS, other, B_HAT])
    act(game, 0, claim(B_HAT, 500))
    act(game, 1, claim(C_FITS, 1000))
    act(game, 2, claim(other, 1090))
    results = {c["seat"]: c["result"] for c in game.view(None)["last_round"]["calls"]}
    assert results == {0: "wrong", 1: "tie", 2: "tie"}
    # "No match!" calls tie like claims.
    game = stacked(2, [])
    act(game, 0, nomatch(3000))
    act(game, 1, nomatch(3040))
    assert game.view(None)["set_aside"] == [TURNED] and game.scores == [0, 0]
    assert "Player 1 calls No match! at 3000 ms, rightly, but a tie wins nothing." in texts(game)


def test_tie_right_calls():
    """hocus-focus/tie/right-calls: with tie_calls 'right' only right calls in the window of
    the first right call tie; a wrong call in the window is judged alone and spoils nothing."""
    # Romper un empate (a house option, the project's reading).
    assert GAMES["hocus-focus"].options["tie_calls"] == "any"
    game = stacked(3, [C_FITS, B_HAT], tie_ms=250, tie_calls="right")
    act(game, 0, claim(C_FITS, 1000))
    act(game, 1, claim(B_HAT, 1050))
    act(game, 2, PASS)
    view = game.view(None)
    assert game.scores == [1, 0, 0] and view["tie_calls"] == "right"
    assert {c["seat"]: c["result"] for c in view["last_round"]["calls"]} == \
        {0: "right", 1: "wrong", 2: "pass"}
    other = next(c for c in FITS if c != C_FITS)
    game = stacked(2, [C_FITS, other], tie_calls="right")
    act(game, 0, claim(C_FITS, 1000))
    act(game, 1, claim(other, 1100))
    assert game.scores == [0, 0] and game.view(None)["last_round"]["outcome"] == "tie"
    with pytest.raises(ValueError, match="tie_calls must be 'any' or 'right', not 'some'"):
        new_game("hocus-focus", 2, 1, tie_calls="some")


@pytest.mark.parametrize(("options", "scores"), [({}, [2, 0]), ({"tie_calls": "right"}, [3, 0])])
def test_every_call_in_the_tie_window_is_judged(options, scores):
    """hocus-focus/claim/judged-in-order, hocus-focus/expert/lose-card: in the expert game a
    wrong call just after a right one (inside the tie window) costs its caller a wizard, as
    it would just before it (the audit's reproduction, issue 26 item 9)."""
    # Notas; Para expertos.
    game = new_game("hocus-focus", players=2, seed=1, expert=True, **options)
    for seat, action in ((0, claim("thin-TPGP", 500)), (1, PASS), (0, claim("thin-GPTR", 500)),
                         (1, PASS), (1, claim("wide-TPRG", 500)), (0, PASS)):
        act(game, seat, action)
    assert game.view(None)["won"][1] == ["wide-TPRG"]
    assert not shared("medium-RPRR", game.view(None)["turned"])
    assert shared("wide-RGRR", game.view(None)["turned"])
    act(game, 0, claim("medium-RPRR", 1000))
    act(game, 1, claim("wide-RGRR", 1050))
    view = game.view(None)
    assert view["won"][1] == [] and view["out"] == ["wide-TPRG"] and game.scores == scores
    assert [c["result"] for c in view["last_round"]["calls"]] == \
        (["right", "wrong"] if options else ["tie", "wrong"])
    assert "Expert rule: Player 2 loses wide-TPRG out of the game." in texts(game)
    # Just before the right call, the same wrong call costs the same.
    early = new_game("hocus-focus", players=2, seed=1, expert=True, **options)
    for move in game.history[:6]:
        early.apply(move.seat, move.action)
    act(early, 1, claim("wide-RGRR", 950))
    act(early, 0, claim("medium-RPRR", 1000))
    assert early.view(None)["out"] == ["wide-TPRG"] and early.scores == scores


def test_tie_bonus():
    """hocus-focus/tie/bonus: the next round's winner also takes the set-aside wizard."""
    # Romper un empate.
    game = stacked(2, [], pile=["wide-GGGG"])
    act(game, 0, nomatch(3000))
    act(game, 1, nomatch(3000))
    assert game.view(None)["set_aside"] == [TURNED]
    fit = next(c for c in game.view(None)["board"] if not shared(c, "wide-GGGG"))
    act(game, 1, claim(fit, 2000))
    act(game, 0, PASS)
    view = game.view(None)
    assert view["won"][1] == [fit, TURNED] and view["set_aside"] == [] and game.scores == [0, 2]
    assert "Player 2 also takes the set-aside wizards: 1 more." in texts(game)


def test_round_nobody():
    """hocus-focus/round/nobody: a round nobody wins sets its card aside for the next winner."""
    # Notas (a ruling).
    game = stacked(3, [C_FITS])
    for seat in range(3):
        act(game, seat, PASS)
    view = game.view(None)
    assert view["set_aside"] == [TURNED] and view["round"] == 2 and game.scores == [0, 0, 0]
    assert "Nobody wins round 1: thin-RPPG is set aside, and the next round's winner takes it too." \
        in texts(game)


# --------------------------------------------------------------------------- time


def test_time_ms_is_an_input_and_calls_are_sealed():
    """hocus-focus/time/ms: timed calls need ms (whole milliseconds); a call stays sealed
    (only its caller sees it) until the round is judged."""
    # Como se Juega (a ruling: the race as timed input).
    game = stacked(3, [C_FITS])
    for bad in (-1, 2.5, True, MAX_MS + 1, "fast", None):
        assert_illegal(game, 0, claim(C_FITS, bad), "core/action-format", "'ms'")
    assert_illegal(game, 0, {"type": "claim", "card": C_FITS}, "core/action-format", "needs a 'ms' field")
    assert_illegal(game, 0, claim(C_FITS, 10, point_ms=-5), "core/action-format", "'point_ms'")
    before = {s: game.view(s) for s in (None, 1, 2)}
    act(game, 0, claim(C_FITS, 1234))
    assert game.view(0)["my_call"] == {"type": "claim", "card": C_FITS, "ms": 1234, "point_ms": 0}
    for seat in (None, 1, 2):
        view = game.view(seat)
        assert view["my_call"] is None and C_FITS not in json.dumps(view["log"][len(before[seat]["log"]):])
        assert view["acted"] == [0] and 0 not in view["to_act"]
    # The listing carries ms 0; a copy with the real time is a call.
    listed = next(a for a in game.legal_actions(1) if a.get("card") == C_FITS)
    assert listed == {**claim(C_FITS, 0), "round": 1}
    act(game, 1, dict(listed, ms=1400))   # 166 ms later: no tie
    act(game, 2, PASS)
    assert game.scores == [1, 0, 0]


def test_time_pass():
    """hocus-focus/time/pass: giving up costs nothing, even in the expert game."""
    # Como se Juega (a ruling).
    game = stacked(2, [C_FITS], expert=True)
    game._state.won[0] = [game._state.pile.pop(0)]
    act(game, 0, PASS)
    act(game, 1, claim(C_FITS, 5000))
    assert game.scores == [1, 1] and game.view(None)["out"] == []
    assert "Player 1 gives up the round." in texts(game)


def test_time_one_call():
    """hocus-focus/time/one-call: a seat calls once per round, then waits for the others."""
    # Notas.
    game = stacked(2, [B_HAT, C_FITS])
    act(game, 0, claim(B_HAT, 500))
    assert game.to_act == (1,) and game.legal_actions(0) == []
    assert_illegal(game, 0, claim(C_FITS, 900), "core/out-of-turn", "may not act now")


def test_untimed_turns():
    """hocus-focus/untimed/turns: seats take turns; the first to look moves left each round;
    untimed calls carry no time."""
    # Como se Juega (a ruling: play without the clock).
    game = new_game("hocus-focus", 3, 2, timing="untimed", first_player=1)
    assert game.to_act == (1,)
    assert_illegal(game, 1, {"type": "pass", "ms": 5}, "core/action-format", "has no field(s) ms")
    assert all("ms" not in a for a in game.legal_actions(1))
    firsts = []
    for _ in range(3):
        firsts.append(game.to_act[0])
        while game.view(None)["round"] == len(firsts) and not game.is_over:
            act(game, game.to_act[0], PASS)
    assert firsts == [1, 2, 0]


# --------------------------------------------------------------------------- experts


def test_expert_lose_card():
    """hocus-focus/expert/lose-card: in the expert game a wrong call also loses the player's
    most recently won wizard out of the game; with none, nothing is lost."""
    # Para expertos.
    game = stacked(2, [A_SIZE, C_FITS], expert=True)
    state = game._state
    inventory = state.inventory()
    state.won[0] = [state.pile.pop(0), state.pile.pop(0)]
    lost = state.won[0][-1]
    act(game, 0, claim(A_SIZE, 600))
    act(game, 1, nomatch(800))
    view = game.view(None)
    assert view["out"] == [lost] and len(view["won"][0]) == 1 and view["won"][1] == []
    assert f"Expert rule: Player 1 loses {lost} out of the game." in texts(game)
    assert game._state.inventory() == inventory
    plain = stacked(2, [A_SIZE, C_FITS])
    plain._state.won[0] = [plain._state.pile.pop(0)]
    act(plain, 0, claim(A_SIZE, 600))
    act(plain, 1, PASS)
    assert plain.scores == [1, 0] and plain.view(None)["out"] == []


def test_expert_too_slow():
    """hocus-focus/expert/too-slow: pointing later than point_limit_ms after the call makes
    an expert claim wrong; at the limit it stands, and outside the expert game it is ignored."""
    # Para expertos.
    for expert, point, score in ((True, 3001, 0), (True, 3000, 1), (False, 9000, 1)):
        game = stacked(2, [C_FITS], expert=expert)
        act(game, 0, claim(C_FITS, 1000, point_ms=point))
        act(game, 1, PASS)
        assert game.scores[0] == score, (expert, point)
    game = stacked(2, [C_FITS], expert=True, point_limit_ms=500)
    act(game, 0, claim(C_FITS, 1000, point_ms=501))
    act(game, 1, PASS)
    assert game.scores == [0, 0]
    assert "Player 1 calls Kazaam! at 1000 ms; Player 1 takes 501 ms to point, longer than 500 ms: " \
           "the claim counts as wrong; Player 1 is barred until the next round." in texts(game)


# --------------------------------------------------------------------------- end


def test_game_target():
    """hocus-focus/game/target: the first to hold target wizards (10 by default) wins at once."""
    # Fin del juego.
    assert GAMES["hocus-focus"].options["target"] == 10
    game = stacked(2, [C_FITS], target=1)
    act(game, 1, claim(C_FITS, 2000))
    act(game, 0, PASS)
    assert game.is_over and game.winners == [1] and game.to_act == ()
    with pytest.raises(ValueError, match="at most the deck's 14 wizards"):
        new_game("hocus-focus", 2, 1, deck=list(HOUSE_DECK[:14]), target=15)
    assert texts(game)[-1] == "Player 2 has 1 wizards: Player 2 wins the game."
    full = new_game("hocus-focus", 2, 3)
    bots = [BOTS["hard"](1), BOTS["easy"](2)]
    while not full.is_over:
        seat = full.to_act[0]
        full.apply(seat, bots[seat].choose(full.view(seat), full.legal_actions(seat)))
    assert max(full.scores) == 10 and full.winners == [full.scores.index(10)]


def test_game_pile_empty():
    """hocus-focus/game/pile-empty: when no card is left to turn the game ends; most wizards
    wins, a tie for most shares the win."""
    # Fin del juego (a ruling).
    thin = list(HOUSE_DECK[:14])   # 14 thin wizards: none ever fits, so "No match!" wins
    assert {attributes(c)[0] for c in thin} == {"thin"}
    game = new_game("hocus-focus", 2, 1, deck=thin)
    act(game, 0, nomatch(100))
    act(game, 1, PASS)
    assert game.view(None)["round"] == 2 and game.view(None)["draw_size"] == 0
    act(game, 0, PASS)
    act(game, 1, PASS)
    assert game.is_over and game.winners == [0] and game.view(None)["set_aside"]
    assert "The draw pile is empty, so the game ends; the most wizards wins." in texts(game)
    tied = new_game("hocus-focus", 3, 1, deck=thin)
    while not tied.is_over:
        act(tied, tied.to_act[0], PASS)
    assert tied.winners == [0, 1, 2] and tied.scores == [0, 0, 0]


# --------------------------------------------------------------------------- replay, bots


def _bot_game(players: int, seed: int, **options):
    game = new_game("hocus-focus", players, seed, **options)
    bots = [BOTS[kind](seed * 7 + s) for s, kind in zip(range(players), itertools.cycle(BOTS))]
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


@pytest.mark.parametrize("options", [{}, {"expert": True, "tie_ms": 400}, {"timing": "untimed"}])
def test_timed_games_replay_exactly_from_saves(options):
    """hocus-focus/time/ms: a game of timed calls replays exactly from its save, and the same
    calls arriving in another order give the same game."""
    for seed in range(3):
        game = _bot_game(4, seed, **options)
        assert snap(load_game(json.loads(json.dumps(game.to_json())))) == snap(game)
        if options.get("timing") == "untimed":
            continue
        # Reorder each round's calls (a round's calls are the runs between judged rounds).
        again = new_game("hocus-focus", 4, seed, **options)
        batch = []
        for move in game.history:
            batch.append(move)
            if len(batch) == 4:
                for late in reversed(batch):
                    again.apply(late.seat, late.action)
                batch = []
        assert again.view(None)["board"] == game.view(None)["board"]
        assert again.scores == game.scores and again.winners == game.winners


def test_bots_react_like_people():
    """hocus-focus/claim/fit: bots find fitting wizards, slower when more must be scanned and
    slowest with no match; the levels are ordered; the same seed gives the same times."""
    rng = random.Random(9)
    deals = [rng.sample(HOUSE_DECK, 13) for _ in range(1500)]
    means = {}
    for level in LEVELS:
        bot = BOTS["heuristic" if level == "medium" else level](3)
        times = {"claim": [], "no-match": []}
        wrong = 0
        for d in deals:
            action = bot.choose({"mode": "timed", "round": 1, "board": d[:12], "turned": d[12]}, [])
            if action["type"] == "pass":
                continue
            times[action["type"]].append(action["ms"])
            wrong += action["type"] == "claim" and bool(shared(action["card"], d[12]))
        means[level] = sum(times["claim"]) / len(times["claim"])
        assert sum(times["no-match"]) / max(1, len(times["no-match"])) > means[level]
        assert 0 < wrong < 0.1 * len(times["claim"])
    assert means["hard"] < means["medium"] < means["easy"]
    view = {"mode": "timed", "round": 1, "board": deals[0][:12], "turned": deals[0][12]}
    assert BOTS["heuristic"](5).choose(view, []) == BOTS["heuristic"](5).choose(view, [])



def test_a_save_from_before_calls_named_their_round_still_loads():
    """hocus-focus/round/bound: saves whose calls carry no round (made before the rule) replay
    with each call answering the round being played, to the same game."""
    from witchtable.engine.sim import play_game

    for timing in ("timed", "untimed"):
        game, _ = play_game("hocus-focus", ["heuristic", "heuristic"], 4, timing=timing)
        save = game.to_json()
        stripped = [[s, {k: v for k, v in a.items() if k != "round"}] for s, a in save["actions"]]
        old = dict(save, actions=stripped)
        assert load_game(old).to_json() == save
