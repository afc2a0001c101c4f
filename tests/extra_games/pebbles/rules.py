"""Pebbles' rules: ids, sections of its (imaginary, one-page) rulebook, summaries."""

from __future__ import annotations

from witchtable.engine.rules import Rule

P = "pebbles/"

RULES = (
    Rule(P + "setup/deal", "Setup",
         "Each player gets one numbered card face down; the other cards are set aside unseen."),
    Rule(P + "turn/take", "Taking",
         "On your turn take 1, 2 or 3 pebbles from the pile, never more than it holds.",
         ruling="Asking for more than the pile holds is refused, not cut down: the player "
                "chooses again knowing the pile's size, which the view always shows."),
    Rule(P + "turn/peek", "Peeking",
         "Once per game, instead of taking, you may look at another player's card."),
    Rule(P + "peek/target", "Peeking", "You peek at another player's card, never your own."),
    Rule(P + "end/score", "End",
         "When the pile is empty every card is shown; each scores pebbles taken plus card; highest wins.",
         ruling="Tied players all win: the rulebook names no tie-breaker."),
)
