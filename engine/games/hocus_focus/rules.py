"""Hocus Focus's rules: ids, rulebook sections, our one-line summaries, our rulings.

Sections name the headings of ``hocus-focus.es.txt`` (the Spanish rulebook). Summaries
are the project's own words. A ``ruling`` records a decision where the rulebook is
silent or ambiguous, or where a race shouted across a table becomes timed input.
"""

from __future__ import annotations

from ...rules import N_, Rule

P = "hocus-focus/"

RULES = (
    # Components and set-up
    Rule(P + "deck/house", "Componentes",
         N_("The 48 wizards are all different; which 48 the printed deck holds is not known, so "
         "the project's house deck is used unless the deck option gives another list."),
         ruling=N_("House data: 16 wizards per size, each size an orthogonal array of the four "
                "garments' colours, the sizes' colourings shifted apart so that every wizard "
                "fits exactly 10 others and about one fresh deal in 26 has no fit.")),
    Rule(P + "setup/players", "Preparar",
         N_("Two to six players race around one table of wizards."),
         ruling=N_("The rulebook gives no player count; a race needs two, and more than six hands "
                "reaching for twelve cards (or six call keys on one keyboard) is a crowd.")),
    Rule(P + "setup/deal", "Preparar",
         N_("Shuffle the deck, deal 12 wizards face up; the rest, face down, is the draw pile.")),
    Rule(P + "round/turn", "Como se Juega",
         N_("Each round starts by turning the draw pile's top wizard face up on the pile.")),
    Rule(P + "round/twelve", "Notas",
         N_("Every round starts with 12 wizards face up (a won wizard's gap is filled by the "
         "turned card).")),
    # Claims
    Rule(P + "claim/fit", "Como se Juega",
         N_("A wizard fits when it differs from the turned wizard in size and in the colour of "
         "hat, robe, shoes and wand.")),
    Rule(P + "claim/face-up", "Como se Juega",
         N_("A claim points at one of the 12 face-up wizards.")),
    Rule(P + "claim/right", "Como se Juega",
         N_("A right claim wins that wizard; the turned wizard takes its place among the 12.")),
    Rule(P + "claim/wrong", "Notas",
         N_("A wrong claim bars its player from calling again until the next round.")),
    Rule(P + "claim/judged-in-order", "Notas",
         N_("While one call is being judged nobody else may call: calls are judged one at a "
         "time, earliest first, until the round is decided; calls after that are not judged."),
         ruling=N_("Judging is instant on screen, so a call made while another is judged waits "
                "its turn rather than being lost. Every call up to the decision is judged, those "
                "inside the tie window included, so a wrong call costs the same (a bar, and in "
                "the expert game a wizard) whether it came just before or just after a right "
                "one; a call after the decision (and outside its tie window) is never judged and "
                "costs nothing.")),
    Rule(P + "round/one-card", "Notas",
         N_("Only one wizard is won per round (a set-aside bonus aside).")),
    Rule(P + "no-match/right", "Sin coincidencia",
         N_("When no face-up wizard fits, the first to call \"No match!\" wins the turned wizard.")),
    Rule(P + "no-match/wrong", "Sin coincidencia",
         N_("A \"No match!\" call while some face-up wizard fits bars its player for the round."),
         ruling=N_("The rulebook does not say; a wrong \"No match!\" is treated like a wrong "
                "claim, and the log does not say which wizard fits, since the round may go on.")),
    # Ties
    Rule(P + "tie/window", "Romper un empate",
         N_("Calls within the tie window (tie_ms milliseconds of the earliest call still in the "
         "race) are simultaneous, whatever they point at: the turned wizard is set aside and "
         "nobody wins the round."),
         ruling=N_("The rulebook sets the card aside when two players call at once and puts no "
                "condition on what they point at, so neither does the default (tie_calls 'any'). "
                "A screen knows the order of two clicks to the millisecond, so 'at once' is a "
                "window: tie_ms, by default 100 ms, about the time two shouts sound as one, from "
                "the earliest call not yet judged. Each call in the window is still judged "
                "against the wizard it points at: a wrong one bars its caller and, in the expert "
                "game, costs a wizard; a right one wins nothing. \"No match!\" calls take part "
                "like claims.")),
    Rule(P + "tie/right-calls", "Romper un empate",
         N_("With the tie_calls option 'right', only right calls within the tie window of the "
         "first right call tie; a wrong call in the window is judged alone and spoils nothing."),
         ruling=N_("Not the rulebook's reading but kept as a choice: on screen the click is the "
                "shout and the point at once, so the engine knows which calls were right; a "
                "right caller is not robbed by a hasty wrong click a moment later (a bot's slip, "
                "say), which plays better when accuracy should count. The wrong call is still "
                "judged and costs its caller as usual.")),
    Rule(P + "tie/bonus", "Romper un empate",
         N_("The winner of the next round also takes the set-aside wizard(s).")),
    Rule(P + "round/nobody", "Notas",
         N_("A round that nobody wins (every player barred or given up) sets its turned wizard "
         "aside, as a tie does, for the next round's winner."),
         ruling=N_("The rulebook does not say; the card stays in play rather than leaving it, "
                "and the game goes on with the next card.")),
    # Time as input
    Rule(P + "time/ms", "Como se Juega",
         N_("In timed play each call carries ms, the milliseconds since the round's wizard was "
         "turned; the earliest call is the first, whatever order the calls arrive in."),
         ruling=N_("A race is judged from its timed calls, not their arrival: every player makes "
                "one timed call (a claim, \"No match!\", or giving up) per round, and the round "
                "is judged once all who may call have, so the same seed and calls always give "
                "the same game.")),
    Rule(P + "time/pass", "Como se Juega",
         N_("A player may give up a round instead of calling (a bot that finds nothing, or a "
         "player who stops looking)."),
         ruling=N_("The race needs every player's answer to be judged, so giving up is an action; "
                "it costs nothing, even in the expert game.")),
    Rule(P + "time/one-call", "Notas",
         N_("Each player calls at most once per round."),
         ruling=N_("A wrong call bars its player for the round, and a right one ends it, so one "
                "call per player per round is all the rules allow; the engine takes exactly one.")),
    Rule(P + "round/bound", "Como se Juega",
         N_("Each call names the round it answers (the view's round); a call for another round, "
         "such as one sent again after its round was judged, is refused."),
         ruling=N_("At a table a shout answers the card just turned; a message can arrive late "
                "or twice, and a call without its round would count in whatever round is being "
                "played. The listed calls carry the round (in untimed play too), as do the bots' "
                "calls; a call for another round changes nothing. A call that names no round "
                "answers the round being played, so saves made before calls named their round "
                "still load.")),
    Rule(P + "untimed/turns", "Como se Juega",
         N_("Untimed play (for teaching and accessibility): players take turns to claim, call "
         "\"No match!\" or give up; the first right call wins the round."),
         ruling=N_("Not in the rulebook: the race without the clock. The seat that starts moves "
                "one to the left each round, so no seat always looks first.")),
    # Experts
    Rule(P + "expert/lose-card", "Para expertos",
         N_("In the expert game a wrong claim also costs one won wizard, out of the game."),
         ruling=N_("The wizard lost is the one won most recently (the top of the player's pile); "
                "a player with none loses nothing. A wrong \"No match!\" costs a card too.")),
    Rule(P + "expert/too-slow", "Para expertos",
         N_("In the expert game, pointing more than point_limit_ms after calling makes the "
         "claim wrong."),
         ruling=N_("A claim carries point_ms, the time from the call to pointing at the card; the "
                "default limit is 3000 ms. It counts only in timed expert play.")),
    # End
    Rule(P + "game/target", "Fin del juego",
         N_("The first player to hold 10 wizards (the target option) wins at once.")),
    Rule(P + "game/pile-empty", "Fin del juego",
         N_("When a round should start but the draw pile is empty, the game ends: most wizards "
         "wins, and players tied for most share the win."),
         ruling=N_("The rulebook does not say; with 48 cards the draw pile allows 36 rounds, so "
                "this ends only games with a high target, many ties or many empty rounds.")),
)
