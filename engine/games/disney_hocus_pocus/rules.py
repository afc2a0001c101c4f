"""Disney Hocus Pocus: The Game's rules: ids, rulebook sections, our summaries and rulings.

Sections name the headings of ``disney-hocus-pocus-the-game.txt``; summaries are the
project's own words; a ``ruling`` records a decision where the rulebook is silent.
"""

from __future__ import annotations

from ...rules import Rule

P = "disney-hocus-pocus/"

RULES = (
    Rule(P + "setup/deal", "Setup",
         "Shuffle the Ingredients and deal 4 to each player with 2-3 players, 3 with 4-6; the "
         "rest is the face-down deck; the Spell deck is shuffled too."),
    Rule(P + "setup/first-player", "Setup",
         "The player who most recently lit a candle goes first.",
         ruling="The engine cannot know who lit a candle: seat 0 starts unless the first_player "
                "option names another seat."),
    Rule(P + "setup/cauldron", "Setup",
         "The five Cauldron piles start empty, each on a printed space.",
         ruling="The rulebook never says what the first card of a pile must match. Default "
                "('printed'): each space prints one ingredient in one colour (house data) and "
                "that picture is the pile's first top; a printed picture is not a card, so it "
                "never counts towards a stun. Option cauldron='open': an empty pile takes any "
                "card. Both play; the printed reading fits the board reviews describe."),
    Rule(P + "deck/house", "Contents",
         "Fifty Ingredients, five colours by five types by two copies; which show Binx or the Spell "
         "Book, and two of the type names, are house data (the symbols option replaces them)."),
    Rule(P + "spell/house", "Spells",
         "The 13 Spells (names, casters, effects) are house data; the spells option replaces, "
         "adds or turns them off (copies 0)."),
    Rule(P + "turn/order", "How to Play",
         "A turn is ask, then play, then draw; turns pass clockwise (to the next seat)."),
    Rule(P + "ask/question", "On Your Turn, Do the Following in This Order",
         "First ask one question about one colour or one ingredient type."),
    Rule(P + "ask/answers", "On Your Turn, Do the Following in This Order",
         "Every other player answers yes or no, truthfully, and nothing more; the answers are public.",
         ruling="A truthful yes/no is fixed by the hand, so the engine answers for every other "
                "player at once; no seat has a choice to make."),
    Rule(P + "play/match", "On Your Turn, Do the Following in This Order",
         "Play one Ingredient onto a pile whose top matches it by colour or by type."),
    Rule(P + "play/must", "On Your Turn, Do the Following in This Order",
         "If any card of yours can be played, you must play one."),
    Rule(P + "play/cannot", "On Your Turn, Do the Following in This Order",
         "If you cannot play, a Spell is cast; then you discard one or more cards (up to your "
         "whole hand) and draw as many (a required draw).",
         ruling="Not being able to play is an action of the player (saying so, as a move), so the "
                "tricks that come before playing stay available until then."),
    Rule(P + "play/empty-hand", "On Your Turn, Do the Following in This Order",
         "A player with no cards cannot play.",
         ruling="The Spell is cast; with nothing to discard the player must draw one card instead, "
                "a required draw (so an empty deck then loses). Without this the game could "
                "stall forever with empty hands and an empty deck."),
    Rule(P + "turn/draw", "On Your Turn, Do the Following in This Order",
         "End your turn by drawing one Ingredient, after every Spell has been resolved."),
    Rule(P + "turn/draw-empty", "Ending the Game",
         "With an empty deck the ordinary end-of-turn draw is skipped; that alone does not lose."),
    Rule(P + "binx/place", "Special Ingredients",
         "Playing a Binx card places Binx before any player, yourself included."),
    Rule(P + "binx/reveal", "Special Ingredients",
         "The hand of the player with Binx is shown to everyone.",
         ruling="The rulebook says the player 'may' show it; showing can only help the team, so "
                "the engine always shows it rather than add a choice nobody declines."),
    Rule(P + "binx/leaves", "Special Ingredients",
         "Binx moves when another Binx card is played, leaves when a Spell removes him, and "
         "leaves at the end of the round."),
    Rule(P + "book/spell", "Special Ingredients",
         "Playing a Spell Book card casts a Spell."),
    Rule(P + "spell/cast", "Spells",
         "A cast Spell is the top of the Spell deck: do what it says, then discard it."),
    Rule(P + "spell/miss", "Spells",
         "A Spell of the stunned sister misses: it is discarded unread and no other is drawn; "
         "Spells of all three sisters never miss."),
    Rule(P + "spell/reshuffle", "Spells",
         "An empty Spell deck is replaced by its shuffled discards.",
         ruling="With no Spell in the deck or the discards (every Spell turned off), none is cast."),
    Rule(P + "spell/ongoing", "Spells",
         "Some Spells last until the round ends; they end with it.",
         ruling="The same ongoing Spell cast twice in a round simply stays in effect."),
    Rule(P + "trick/once", "Trick Tokens",
         "Each Trick token is used at most once per game, by a player on their own turn."),
    Rule(P + "trick/circle-of-salt", "Trick Tokens",
         "Circle of Salt: when a Spell is drawn, ignore and discard it; no other is drawn.",
         ruling="The player decides after seeing the Spell; a Spell that misses anyway is "
                "discarded at once without asking."),
    Rule(P + "trick/daylight-savings", "Trick Tokens",
         "Daylight Savings Time: after asking, before playing, swap one card face down with a "
         "chosen player; then play and draw as usual."),
    Rule(P + "trick/swap-choice", "Trick Tokens",
         "The other player of a Daylight Savings swap chooses their own card to give, unseen by "
         "the player who asked for it.",
         ruling="Both must hold a card; the other player's choice is an action of theirs."),
    Rule(P + "trick/billy-butcherson", "Trick Tokens",
         "Billy Butcherson: after asking, before playing, skip the play and the end-of-turn draw.",
         ruling="It may be used even when you could play (that is its point), but not after "
                "Daylight Savings Time or Burning Rain this turn, which say you must then play."),
    Rule(P + "trick/burning-rain", "Trick Tokens",
         "Burning Rain of Death: after asking, before playing, discard three cards and draw "
         "three; then play as usual.",
         ruling="It needs three cards in hand and three in the deck: a voluntary trick is not a "
                "way to lose the game."),
    Rule(P + "stun/patterns", "If All Five Cards in the Cauldron Are:",
         "Five tops of one colour stun Sarah; of one ingredient, Mary; of one ingredient in all "
         "five colours, Winifred.",
         ruling="Only cards count: while a pile shows its printed space, no witch is stunned."),
    Rule(P + "stun/specific", "If All Five Cards in the Cauldron Are:",
         "When several patterns hold, the most specific wins: Winifred before Mary before Sarah."),
    Rule(P + "stun/after-spell", "Stunning a Witch",
         "A stun is checked after a Spell changes the piles as well as after a play."),
    Rule(P + "stun/ends-round", "Stunning a Witch",
         "A stun ends the round at once; the stunning card's symbol is ignored.",
         ruling="A stun during a Spell after a failed play also ends the round at once: the "
                "discard-and-draw is not done."),
    Rule(P + "round/end-draw", "End of the Round",
         "The player whose turn it is draws one card and ends the turn.",
         ruling="This is the turn's own draw, not a forced one: with an empty deck it is skipped "
                "and does not lose."),
    Rule(P + "round/stun-token", "End of the Round",
         "The Stun token goes on the stunned sister (one at a time) and ongoing Spells end."),
    Rule(P + "round/sun", "End of the Round",
         "The Sun moves up one space."),
    Rule(P + "round/gather", "End of the Round",
         "Cauldron and discard cards are gathered: Binx and Spell Book cards are shuffled into "
         "the deck, the rest leave the game."),
    Rule(P + "round/binx-off", "End of the Round",
         "Binx leaves play."),
    Rule(P + "round/next-player", "End of the Round",
         "The next round starts with the player left of the last one to play; hands are kept."),
    Rule(P + "game/win", "Ending the Game",
         "The third stun moves the Sun to the top: everyone wins."),
    Rule(P + "game/lose", "Ending the Game",
         "A required draw (a Spell's, or replacing discards) from an empty deck loses the game "
         "for everyone."),
    Rule(P + "view/secret", "How to Play",
         "No communication: a player sees only their own hand, the Binx hand, the answers and "
         "the board."),
)
