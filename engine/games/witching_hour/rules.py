"""Witching Hour's rules: ids, rulebook sections, our one-line summaries, our rulings.

Sections name the headings of ``witching-hour.txt``. Summaries are the project's own
words. A ``ruling`` records a decision where the rulebook is silent or ambiguous.
"""

from __future__ import annotations

from ...rules import Rule

P = "witching-hour/"

RULES = (
    # Setup
    Rule(P + "setup/deal", "Setup",
         "Shuffle every card, deal 13 to each player (10 each with five players); the rest "
         "form the face-down discard pile."),
    Rule(P + "setup/books-out", "Setup",
         "In a two-player game the Book cards are removed before dealing."),
    Rule(P + "setup/first-player", "Setup",
         "The youngest player starts the first round.",
         ruling="The engine cannot know ages: seat 0 starts unless the first_player option "
                "names another seat."),
    Rule(P + "deck/house", "Components",
         "Copies per type and point tracks come from one table; the rulebook does not print "
         "them, so the project's house table is used unless the deck option replaces it."),
    # Gameplay
    Rule(P + "turn/choose", "Gameplay",
         "On your turn you do exactly one thing: make an attack or play one card into a "
         "Hex pile."),
    Rule(P + "turn/order", "Gameplay",
         "Turns pass to the left (the next seat).",
         ruling="A player with no cards in hand cannot attack or play, so their turns are "
                "skipped until the round ends."),
    Rule(P + "turn/extra", "Play a Card",
         "A Book, Hourglass or Skull gives its player another turn straight after it resolves.",
         ruling="The extra turn is a new turn: the round-end check runs at the end of the turn "
                "that played the card, before the extra turn starts."),
    Rule(P + "turn/respond", "Make an Attack",
         "While an attack is pending, the defender alone decides what to do about it."),
    Rule(P + "hex/hidden", "Play a Card",
         "Hex piles stay face down: nobody, not even the owner, looks at them during a round."),
    # Attacks and blocks
    Rule(P + "attack/target", "Make an Attack",
         "The defender must be an opponent who still holds cards."),
    Rule(P + "attack/same-type", "Make an Attack",
         "Every card of an attack is of one type (a single added Candle aside)."),
    Rule(P + "attack/in-hand", "Gameplay",
         "You can only play cards you hold."),
    Rule(P + "attack/take", "Make an Attack",
         "An attack that is not blocked goes face down into the defender's Hex pile."),
    Rule(P + "block/optional", "Make an Attack",
         "The defender may always choose not to block."),
    Rule(P + "block/same-number", "Make an Attack",
         "A block has exactly as many cards as the attack (an added Candle counts)."),
    Rule(P + "block/same-type", "Make an Attack",
         "The cards of a block are all one type (a single added Candle aside); it need not "
         "be the attack's type."),
    Rule(P + "block/discard", "Make an Attack",
         "A blocked attack and the cards that blocked it all go to the discard pile."),
    Rule(P + "candle/one", "Abilities: Candle",
         "Exactly one Candle may join an attack or a block of another type, adding one to "
         "its size."),
    Rule(P + "candle/all-candle", "Abilities: Candle",
         "An attack or block made only of Candles may use any number of them."),
    Rule(P + "bell/no-block", "Abilities: Bell",
         "Bells can never be used to block."),
    # Abilities played into a Hex pile
    Rule(P + "book/play", "Abilities: Book",
         "Instead of attacking, put a Book in your Hex pile, look at an opponent's hand, take "
         "a random card from it, then take another turn."),
    Rule(P + "book/target", "Abilities: Book",
         "The Book's opponent must have cards in hand.",
         ruling="With an empty hand there is nothing to look at or take, so such an opponent "
                "cannot be chosen."),
    Rule(P + "cauldron/play", "Abilities: Cauldron",
         "Instead of attacking, put a Cauldron in your Hex pile and take two random cards from "
         "the discard pile to look at.",
         ruling="With one card left in the discard pile it goes into your own Hex pile; with "
                "none, the Cauldron has no further effect."),
    Rule(P + "cauldron/split", "Abilities: Cauldron",
         "Of the Cauldron's two cards, one goes face down into your Hex pile and the other "
         "into another player's, even one with an empty hand."),
    Rule(P + "chalice/play", "Abilities: Chalice",
         "Instead of attacking, put a Chalice into any player's Hex pile, your own or that "
         "of a player with no cards included."),
    Rule(P + "familiar/block", "Abilities: Familiar",
         "When attacked, you may put one Familiar into your Hex pile to stop the attack; the "
         "attack's cards are discarded."),
    Rule(P + "hourglass/play", "Abilities: Hourglass",
         "Instead of attacking, put an Hourglass in your Hex pile, look through that pile, "
         "take one card from it into your hand, then take another turn.",
         ruling="If the pile holds nothing you may take, you still get the extra turn."),
    Rule(P + "hourglass/not-hourglass", "Abilities: Hourglass",
         "An Hourglass cannot bring an Hourglass back to your hand.",
         ruling="Taking an Hourglass back would allow endless extra turns; the rulebook cannot "
                "mean that, so Hourglasses in the Hex pile are not available to pick."),
    Rule(P + "mirror/reflect", "Abilities: Mirror",
         "Blocking with Mirrors (plus perhaps one Candle) discards them and turns the attack "
         "back: the attacker becomes the defender."),
    Rule(P + "mirror/chain", "Abilities: Mirror",
         "A reflected attack may be reflected again with Mirrors, back and forth, until "
         "someone blocks otherwise or takes it.",
         ruling="A defender with an empty hand cannot block, so they take the attack at once."),
    Rule(P + "skull/play", "Abilities: Skull",
         "Instead of attacking, put a Skull in your Hex pile, look through the discard pile, "
         "take one card from it into your hand, then take another turn.",
         ruling="With an empty discard pile nothing is taken; the extra turn still happens."),
    Rule(P + "toadstool/unblockable", "Abilities: Toadstool",
         "An attack that includes a Toadstool cannot be blocked at all: not by cards, "
         "Mirrors or a Familiar."),
    Rule(P + "toadstool/penalty", "Abilities: Toadstool",
         "For each Toadstool in an attack, its attacker puts a random card from the discard "
         "pile into their own Hex pile unseen.",
         ruling="If the discard pile runs out, the remaining penalty cards are skipped."),
    # Round end, scoring, game end
    Rule(P + "round/end", "Round End",
         "When a turn ends with at most one player holding cards, the round ends and that "
         "player's hand goes into their Hex pile."),
    Rule(P + "round/next-start", "Scoring",
         "The player who last had cards in hand starts the next round, after a fresh "
         "shuffle and deal.",
         ruling="If the round ends with every hand empty, the player whose hand emptied last "
                "starts (a defender who blocked with their last cards emptied after the "
                "attacker)."),
    Rule(P + "scoring/track", "Scoring",
         "Each type in a Hex pile scores once: the value on its track for that many copies; "
         "more copies than the track lists score its last value."),
    Rule(P + "scoring/public", "Scoring",
         "Round scores are announced to everyone, then the score tokens lie face down: a "
         "round's points are public only until the next round starts.",
         ruling="The announcement stays in every view until the next round's first move; then "
                "each player sees only their own tokens (they lie in front of their owner, who "
                "took them), and the log keeps only each seat's own score. After the last "
                "scheduled round the totals are counted aloud to find the winner, so from then on "
                "(tie-break rounds, the end) every score is open. The open_scores option keeps "
                "them all open from the start: a teaching aid, not the rulebook's game."),
    Rule(P + "scoring/first-round", "Scoring",
         "A negative score in the first round counts as zero."),
    Rule(P + "scoring/total-floor", "Scoring",
         "Later negative round scores are subtracted, but a total never drops below zero."),
    Rule(P + "game/end", "End of the Game",
         "After three rounds the lowest total wins."),
    Rule(P + "game/tie", "End of the Game",
         "If the lowest total is shared, everyone plays further rounds until one player alone "
         "has the lowest total."),
)
