"""Hocus Focus as a state machine: rounds of one turned wizard and one call per player.

Timed play (the race): every seat that may call makes one action per round, a
``claim`` (a face-up wizard, with ``ms``: the milliseconds since the round's wizard was
turned), a ``no-match`` call (with ``ms``) or a ``pass``. Until every seat has acted the
calls are sealed (each caller sees only its own); then the round is judged from the calls
alone, earliest ``ms`` first, so arrival order never matters. Untimed play: one seat at a
time, in turns. Every action names the ``round`` it answers, so a call that arrives late
or twice cannot count in a later round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...core import Action, ActionCache, State, make_rulebook, shuffled
from ...knowledge import redacted_log
from ...rules import N_, brief
from ...toolkit import ActionFormat, Card, Count, Now, Phase, PhaseTable
from .rules import RULES
from .wizards import MAX_DECK, card_facts, shared

R = "hocus-focus/"
MAX_MS = 3_600_000
"""The latest a call may be made: an hour after the card was turned."""
KINDS = ("claim", "no-match", "pass")
TIE_CALLS = ("any", "right")
"""The ``tie_calls`` option: which calls in the tie window tie (``any``: the rulebook)."""
_ROUND = Now("round", MAX_DECK, rule=R + "round/bound", optional=True,
             what="the round the call answers (the view's 'round')",
             message="This call answers round {sent}, but round {now} is being played: a call "
                     "counts only in its own round; take 'round' from the view (or a listed action).")
"""Left out (a save from before calls named their round), a call answers the round being played."""
_MS = Count(0, MAX_MS, what="the milliseconds since the round's wizard was turned")
_POINT = Count(0, MAX_MS, default=0, what="the milliseconds from the call to pointing")
_CARD = Card(lambda state: state.deck_names, where="an id is a size, a dash and the colour letters "
             "R, P, G, T of hat, robe, shoes and wand: a wizard id such as thin-RPGT")
FORMATS = {
    "timed": ActionFormat("Hocus Focus", {
        "claim": {"round": _ROUND, "card": _CARD, "ms": _MS, "point_ms": _POINT},
        "no-match": {"round": _ROUND, "ms": _MS}, "pass": {"round": _ROUND}}),
    "untimed": ActionFormat("Hocus Focus", {
        "claim": {"round": _ROUND, "card": _CARD}, "no-match": {"round": _ROUND},
        "pass": {"round": _ROUND}}),
}
"""Each mode's action types and fields, checked by the core before ``check`` sees an action."""
PHASES = PhaseTable({
    "race": Phase(KINDS), "turns": Phase(KINDS),
}, key=lambda state, seat: "race" if state.timed else "turns")
"""Every round is one phase: in the race each seat not yet called makes one sealed call (the
round is judged when the last arrives), in untimed play one seat at a time. Any call may be
made in either; who may call is ``to_act``, which round a call answers is checked by ``_ROUND``."""
_timed = ActionCache(FORMATS["timed"].order)
_untimed = ActionCache(FORMATS["untimed"].order)
ACTION_RULE = {"claim": R + "claim/face-up", "no-match": R + "no-match/right", "pass": R + "time/pass"}
MODES = ("timed", "untimed")


def fitting(board: Sequence[str], turned: str) -> list[str]:
    """The face-up wizards that fit ``turned`` (what a "No match!" call is judged by)."""
    return [card for card in board if not shared(card, turned)]


def check_timing(value: object, players: int) -> str:
    """The ``timing`` option: ``"timed"`` (the race) or ``"untimed"`` (turns)."""
    if value not in MODES:
        raise ValueError(f"timing must be 'timed' or 'untimed', not {brief(value)}")
    return value


def check_tie_calls(value: object, players: int) -> str:
    """The ``tie_calls`` option: ``"any"`` (the rulebook) or ``"right"`` (right calls only)."""
    if value not in TIE_CALLS:
        raise ValueError(f"tie_calls must be 'any' or 'right', not {brief(value)}")
    return value


class HocusFocusState(State):
    """Hocus Focus's rules: the race (or untimed play) of calling a matching picture, as one State."""
    rules = make_rulebook(RULES)
    action_format = FORMATS["timed"]
    """The race's (the default timing); a game in untimed play declares its own in ``__init__``."""
    phase_table = PHASES
    time_fields = ("ms", "point_ms")
    mutable: Mapping[str, int] = {
        "board": 1, "pile": 1, "set_aside": 1, "won": 2, "out": 1, "calls": 1, "barred": 1,
        "final_winners": 1}
    """Every mutable container (attribute -> depth): ``copy`` copies exactly these."""
    shared = frozenset({"options", "last_round"})
    """Copies share the last round's record: it is only ever replaced whole."""

    def __init__(self, players: int, rng: random.Random, options: dict):
        super().__init__(players, rng, options)
        self.timed = options["timing"] == "timed"
        self.action_format = FORMATS[options["timing"]]
        self.deck_names = frozenset(options["deck"])
        self.expert = options["expert"]
        self.target = options["target"]
        self.tie_ms = options["tie_ms"]
        self.tie_calls = options["tie_calls"]
        self.point_limit = options["point_limit_ms"]
        self.first = options["first_player"]
        cards = shuffled(self.rng, options["deck"])
        self.board: list[str] = cards[:12]
        self.pile: list[str] = cards[12:]   # the top of the pile is the end of the list
        self.turned: str | None = None
        self.set_aside: list[str] = []
        self.won: list[list[str]] = [[] for _ in range(players)]
        self.out: list[str] = []
        self.round = 0
        self.calls: dict[int, tuple] = {}   # seat -> (kind, card, ms, point_ms[, result]), this round
        self.barred: list[int] = []         # seats barred this round, in the order judged
        self.current: int | None = None     # untimed: whose turn it is
        self.last_round: dict | None = None
        self.over = False
        self.final_winners: list[int] = []
        self.log.add("deal", N_("The deck is shuffled: 12 wizards are dealt face up and {rest} "
                     "form the draw pile."), rest=len(self.pile), board=list(self.board))
        self._start_round()

    @classmethod
    def check_options(cls, players: int, options: dict) -> dict:
        """What no single option's check can see: the target must fit the deck."""
        if options["target"] > len(options["deck"]):
            raise ValueError(f"target must be at most the deck's {len(options['deck'])} wizards, "
                             f"not {options['target']}")
        return options

    # ------------------------------------------------------------------ rounds

    def _start_round(self) -> None:
        if not self.pile:
            self._end_by_pile()
            return
        self.round += 1
        self.turned = self.pile.pop()
        self.calls = {}
        self.barred = []
        if self.timed:
            self.log.add("turn", N_("Round {round}: {card} is turned up; find a wizard with nothing "
                         "in common with it."), round=self.round, card=self.turned)
        else:
            self.current = (self.first + self.round - 1) % self.players
            self.log.add("turn-untimed", N_("Round {round}: {card} is turned up; {actor} looks first."),
                         round=self.round, card=self.turned, actor=self.current)

    def _end_by_pile(self) -> None:
        most = max(len(w) for w in self.won)
        self.over = True
        self.turned = None
        self.final_winners = [s for s in range(self.players) if len(self.won[s]) == most]
        self.log.add("pile-empty", N_("The draw pile is empty, so the game ends; the most wizards wins."))
        for seat in self.final_winners:
            self.log.add("win", N_("{actor} wins with {count} wizards."), actor=seat, count=most)

    def _up(self) -> str:
        """The turned wizard: read only inside a round, which always has one."""
        assert self.turned is not None, "no wizard is turned between rounds"
        return self.turned

    def _award(self, seat: int, card: str, from_board: bool) -> None:
        """``seat`` wins ``card`` (a face-up wizard, else the turned one) and any bonus."""
        if from_board:
            self.board[self.board.index(card)] = self._up()
        self.won[seat].append(card)
        bonus = self.set_aside
        self.set_aside = []
        if bonus:
            self.won[seat].extend(bonus)
            self.log.add("bonus", N_("{actor} also takes the set-aside wizards: {count} more."),
                         actor=seat, count=len(bonus), cards=list(bonus))
        self.turned = None

    def _penalise(self, seat: int) -> None:
        if self.expert and self.won[seat]:
            card = self.won[seat].pop()
            self.out.append(card)
            self.log.add("lose-card", N_("Expert rule: {actor} loses {card} out of the game."),
                         actor=seat, card=card)

    def _set_aside(self, why: str) -> None:
        self.set_aside.append(self._up())
        if why == "tie":
            self.log.add("tie", N_("A tie: {card} is set aside, and the next round's winner takes it too."),
                         card=self.turned)
        else:
            self.log.add("nobody", N_("Nobody wins round {round}: {card} is set aside, and the next "
                         "round's winner takes it too."), round=self.round, card=self.turned)
        self.turned = None

    def _finish_round(self, winner: int | None, outcome: str, card: str | None, calls: list) -> None:
        self.last_round = {"round": self.round, "outcome": outcome, "winner": winner,
                           "card": card, "calls": calls}
        if winner is not None and len(self.won[winner]) >= self.target:
            self.over = True
            self.final_winners = [winner]
            self.log.add("target", N_("{actor} has {count} wizards: {actor} wins the game."),
                         actor=winner, count=len(self.won[winner]))
            return
        self._start_round()

    def verdict(self, kind: str, card: str | None, point: int = 0) -> str:
        """A call's verdict in this round, with no effect: ``"right"``, ``"wrong"`` (a claim
        sharing something with the turned wizard, or "No match!" while one fits) or
        ``"slow"`` (a fitting claim pointed at too late in the timed expert game)."""
        if kind == "claim":
            assert card is not None, "a claim names its card (the action format requires one)"
            if shared(card, self._up()):
                return "wrong"
            return "slow" if self.timed and self.expert and point > self.point_limit else "right"
        return "wrong" if fitting(self.board, self._up()) else "right"

    def _fault(self, seat: int, kind: str, card: str | None, ms: int | None, point: int,
               verdict: str) -> None:
        """Log a wrong or slow call, bar its caller and, in the expert game, take a wizard."""
        timed = ms is not None
        if verdict == "slow":
            self.log.add("slow", N_("{actor} calls Kazaam! at {ms} ms; {actor} takes {point_ms} ms to "
                            "point, longer than {limit} ms: the claim counts as wrong; {actor} "
                            "is barred until the next round."), actor=seat, card=card, ms=ms,
                         point_ms=point, limit=self.point_limit)
        elif kind == "claim":
            assert card is not None, "a claim names its card (the action format requires one)"
            same = shared(card, self._up())
            text = (N_("{actor} calls Kazaam! at {ms} ms, pointing at {card}, which shares "
                       "{same} with {turned}; {actor} is barred until the next round.") if timed else
                    N_("{actor} points at {card}, which shares {same} with {turned}; {actor} is "
                    "barred until the next round."))
            self.log.add("wrong", text, actor=seat, card=card, ms=ms, turned=self.turned,
                         same=", ".join(same), matched=same)
        else:
            text = (N_("{actor} calls No match! at {ms} ms, but a face-up wizard fits; {actor} is "
                    "barred until the next round.") if timed else
                    N_("{actor} calls No match!, but a face-up wizard fits; {actor} is barred until "
                    "the next round."))
            self.log.add("wrong-no-match", text, actor=seat, ms=ms)
        self.barred.append(seat)
        self._penalise(seat)

    def _announce(self, seat: int, kind: str, card: str | None, ms: int | None) -> str:
        """Log a right call; returns the card it wins (awarded by :meth:`_award`)."""
        turned = self._up()
        if kind == "claim":
            assert card is not None, "a claim names its card (the action format requires one)"
            text = (N_("{actor} calls Kazaam! at {ms} ms, pointing at {card}: it fits; {actor} "
                       "wins it and {turned} takes its place.") if ms is not None else
                    N_("{actor} points at {card}: it fits; {actor} wins it and {turned} takes its place."))
            self.log.add("right", text, actor=seat, card=card, ms=ms, turned=turned)
            return card
        text = (N_("{actor} calls No match! at {ms} ms, rightly: no face-up wizard fits; {actor} "
                   "wins {card}.") if ms is not None else
                N_("{actor} calls No match!, rightly: no face-up wizard fits; {actor} wins {card}."))
        self.log.add("right-no-match", text, actor=seat, card=turned, ms=ms)
        return turned

    def _decide(self, calls: list, verdicts: list) -> tuple[int | None, list[int], int]:
        """How the sorted ``calls`` end the round: ``(winner, tied, judged)``, the index of
        the winning call (or None), the indices of the tied calls (the first is the one the
        others tie with) and how many calls, from the earliest, are judged."""
        for i, call in enumerate(calls):
            window = [j for j in range(i + 1, len(calls)) if calls[j][0] - call[0] <= self.tie_ms]
            judged = (window[-1] if window else i) + 1
            if self.tie_calls == "any" and window:
                return None, [i, *window], judged
            if verdicts[i] == "right":
                tied = [j for j in window if verdicts[j] == "right"]
                return (None, [i, *tied], judged) if tied else (i, [], judged)
        return None, [], len(calls)

    def _judge_race(self) -> None:
        """Every seat has called or given up: judge the calls, earliest first, until the
        round is decided (a right call alone, or a tie), and every call in its tie window."""
        calls = sorted((ms, seat, kind, card, point)
                       for seat, (kind, card, ms, point) in self.calls.items() if kind != "pass")
        record = {seat: {"seat": seat, "type": kind, "card": card, "ms": ms, "point_ms": point,
                         "result": "pass" if kind == "pass" else "late"}
                  for seat, (kind, card, ms, point) in self.calls.items()}
        for seat in sorted(self.calls):
            if self.calls[seat][0] == "pass":
                self.log.add("pass", N_("{actor} gives up the round."), actor=seat)
        verdicts = [self.verdict(kind, card, point) for _ms, _seat, kind, card, point in calls]
        winner, tied, judged = self._decide(calls, verdicts)
        won = None
        for index in range(judged):
            ms, seat, kind, card, point = calls[index]
            if index in tied[1:]:
                self.log.add("tie-call", N_("{actor} also calls at {ms} ms, within {window} ms of "
                             "{player}'s call: the calls are simultaneous."),
                             actor=seat, ms=ms, window=self.tie_ms, player=calls[tied[0]][1])
            if verdicts[index] != "right":
                self._fault(seat, kind, card, ms, point, verdicts[index])
            elif index == winner:
                won = self._announce(seat, kind, card, ms)
            elif kind == "claim":
                self.log.add("tie-right", N_("{actor} calls Kazaam! at {ms} ms, pointing at {card}: "
                             "it fits, but a tie wins nothing."), actor=seat, ms=ms, card=card)
            else:
                self.log.add("tie-right", N_("{actor} calls No match! at {ms} ms, rightly, but a tie "
                             "wins nothing."), actor=seat, ms=ms)
            record[seat]["result"] = "tie" if index in tied and verdicts[index] == "right" \
                else verdicts[index]
        if winner is not None:
            assert won is not None, "the winning call was judged and announced above"
            seat, kind = calls[winner][1], calls[winner][2]
            self._award(seat, won, kind == "claim")
            outcome = kind
        else:
            outcome = "tie" if tied else "nobody"
            self._set_aside(outcome)
        for ms, seat, _kind, _card, _point in calls[judged:]:
            self.log.add("late", N_("{actor}'s call at {ms} ms came after the round was decided "
                         "and is not judged."), actor=seat, ms=ms)
        self._finish_round(None if winner is None else calls[winner][1], outcome, won,
                           [record[s] for s in sorted(record)])

    # ------------------------------------------------------------------ queries

    def to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if not self.timed:
            assert self.current is not None, "untimed rounds always have a seat to play"
            return (self.current,)
        return tuple(s for s in range(self.players) if s not in self.calls)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list:
        return [len(w) for w in self.won]

    @property
    def winners(self) -> list:
        return list(self.final_winners)

    def legal_actions(self, seat: int) -> list[Action]:
        now = self.round
        if self.timed:
            return [*(_timed("claim", now, card, 0, 0) for card in self.board),
                    _timed("no-match", now, 0), _timed("pass", now)]
        return [*(_untimed("claim", now, card) for card in self.board),
                _untimed("no-match", now), _untimed("pass", now)]

    def candidate_actions(self, seat: int) -> list[Action]:
        """Legal actions plus near misses: a wizard not face up, a call with a bad time, a
        call for the round before."""
        out = self.legal_actions(seat)
        timed = {"ms": 0} if self.timed else {}
        off = next((c for c in self.options["deck"] if c not in self.board), None)
        if off is not None:
            out.append({"type": "claim", "round": self.round, "card": off, **timed})
        if self.timed:
            out.append({"type": "no-match", "round": self.round, "ms": -1})
        if self.round > 1:
            out.append({"type": "no-match", "round": self.round - 1, **timed})
        return out

    def action_rule(self, action: Action) -> str:
        """The rule allowing a call; never whether it is right (that would give it away)."""
        return ACTION_RULE[action["type"]]

    def check(self, seat: int, action: Action) -> Action:
        """A claim points at a face-up wizard; the call is then the listed one (with this
        round filled in when a save's call names none)."""
        kind = action["type"]
        if kind == "claim" and action["card"] not in self.board:
            raise self.rules.illegal(R + "claim/face-up", f"{action['card']} is not one of the 12 "
                                     f"face-up wizards; point at one of them.")
        listed = _timed if self.timed else _untimed
        return listed(kind, self.round, *(action[name] for name in listed.fields[kind][1:]))

    # ------------------------------------------------------------------ effects

    def perform(self, seat: int, action: Action) -> frozenset:
        kind = action["type"]
        card = action.get("card")
        if self.timed:
            ms = action.get("ms")
            point = action.get("point_ms", 0)
            self.calls[seat] = (kind, card, ms, point)
            if kind == "pass":
                self.log.secret([seat], "sealed-pass", N_("You give up this round."))
            elif kind == "claim":
                self.log.secret([seat], "sealed", N_("You call Kazaam! at {ms} ms and point at {card}; "
                                "the round is judged once everyone has called."), ms=ms, card=card)
            else:
                self.log.secret([seat], "sealed", N_("You call No match! at {ms} ms; the round is "
                                "judged once everyone has called."), ms=ms)
            if len(self.calls) < self.players:
                return frozenset()
            self._judge_race()
            return frozenset(range(self.players))
        # Untimed: judged at once, then the next seat looks.
        if kind == "pass":
            self.log.add("pass", N_("{actor} gives up the round."), actor=seat)
            result = "pass"
        else:
            result = self.verdict(kind, card)
            if result != "right":
                self._fault(seat, kind, card, None, 0, result)
        self.calls[seat] = (kind, card, None, 0, result)
        record = [{"seat": s, "type": k, "card": c, "ms": None, "point_ms": 0, "result": r}
                  for s, (k, c, _m, _p, r) in self.calls.items()]
        if result == "right":
            won = self._announce(seat, kind, card, None)
            self._award(seat, won, kind == "claim")
            self._finish_round(seat, kind, won, record)
            return frozenset(range(self.players))
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if nxt not in self.calls:
                self.current = nxt
                return frozenset()
        self._set_aside("nobody")
        self._finish_round(None, "nobody", None, record)
        return frozenset(range(self.players))

    # ------------------------------------------------------------------ views

    def visible_cards(self) -> list[str]:
        """Every card face up now (board, set aside, out, won): the cards a view may describe."""
        cards = [*self.board, *self.set_aside, *self.out, *(c for w in self.won for c in w)]
        if self.turned is not None:
            cards.append(self.turned)
        return cards

    def view(self, seat: int | None) -> dict:
        mine = self.calls.get(seat) if seat is not None and self.timed else None
        return {
            "mode": "timed" if self.timed else "untimed",
            "expert": self.expert,
            "target": self.target,
            "tie_ms": self.tie_ms,
            "tie_calls": self.tie_calls,
            "point_limit_ms": self.point_limit,
            "round": self.round,
            "board": list(self.board),
            "turned": self.turned,
            "draw_size": len(self.pile),
            "set_aside": list(self.set_aside),
            "won": [list(w) for w in self.won],
            "out": list(self.out),
            "acted": sorted(self.calls),
            "barred": list(self.barred) if not self.timed else [],
            "current": self.current if not self.timed and not self.over else None,
            "my_call": None if mine is None else {"type": mine[0], "card": mine[1], "ms": mine[2],
                                                  "point_ms": mine[3]},
            "last_round": None if self.last_round is None else {
                **self.last_round, "calls": [dict(c) for c in self.last_round["calls"]]},
            "cards": {card: card_facts(card) for card in self.visible_cards()},
        }

    def inventory(self) -> dict:
        counts: dict = {}
        for card in [*self.visible_cards(), *self.pile]:
            counts[card] = counts.get(card, 0) + 1
        return dict(sorted(counts.items()))

    def determinize(self, seat: int | None, rng: random.Random) -> HocusFocusState:
        """The draw pile's order is hidden from everyone: deal it afresh. Other seats'
        sealed calls are hidden from ``seat`` too: each becomes a random call."""
        other = self.copy()
        other.pile = shuffled(rng, sorted(self.pile))
        if self.timed:
            for caller in sorted(self.calls):
                if caller != seat:
                    other.calls[caller] = self._random_call(rng)
        return other

    def sample(self, seat: int, rng: random.Random) -> HocusFocusState:
        """All but the draw pile's order and the other seats' sealed calls is public, so a
        sample re-deals just those (from ``rng`` and public facts alone) and keeps only the
        log entries ``seat`` saw."""
        other = self.determinize(seat, rng)
        other.rng = random.Random(rng.getrandbits(64))
        other.log = redacted_log(self.log, seat)
        return other

    def _random_call(self, rng: random.Random) -> tuple:
        kind = KINDS[rng.randrange(3)]
        if kind == "pass":
            return ("pass", None, None, 0)
        card = self.board[rng.randrange(12)] if kind == "claim" else None
        return (kind, card, rng.randrange(20_000), rng.randrange(2000) if kind == "claim" else 0)
