"""Hocus Pocus's rules: ids, rulebook sections, our one-line summaries, our rulings.

Sections name the headings of ``hocus-pocus.txt``. Summaries are the project's own words.
A ``ruling`` records a decision where the rulebook is silent or ambiguous, and why.
"""

from __future__ import annotations

from ...rules import Rule

P = "hocus-pocus/"

RULES = (
    # ------------------------------------------------------------------ setup
    Rule(P + "setup/cards-out", "Setup",
         "Two players put the three Enchanted Mirrors back in the box; three or more players put "
         "back three Amulets instead."),
    Rule(P + "setup/deal", "Setup",
         "After shuffling, each player gets three cards face up as their Grimoire and three "
         "secret cards as their Hand; the rest is the face-down Library."),
    Rule(P + "setup/cauldron", "Setup",
         "The Cauldron starts with 20, 25, 30 or 35 Gems for 2, 3, 4 or 5-6 players, or 15 in "
         "the quick game."),
    Rule(P + "setup/first-player", "Sequence of Play",
         "The youngest player takes the first turn.",
         ruling="The engine cannot know ages: seat 0 starts unless the first_player option "
                "names another seat."),
    Rule(P + "deck/values", "Components",
         "Copies per kind follow the rulebook's card list; the numbers printed on Owls, Curses, "
         "Inspirations, Sacrifices, Spells and Thieves come from one data table that the deck "
         "option can replace.",
         ruling="The rulebook does not print the numbers; the table uses the values known with "
                "medium confidence (COMPONENTS.md)."),
    Rule(P + "info/hidden", "Summary of the Rules",
         "Hands and the Library are secret; Grimoires, Gems, hand sizes, the play area and the "
         "discard pile are open to all."),
    # ------------------------------------------------------------------ the turn
    Rule(P + "turn/order", "4. Pass to the next player",
         "Turns go round the table to the left (the next seat)."),
    Rule(P + "cards/kind", "Hocus Cards",
         "A Hocus starts a spell on your own turn and never goes onto another card; a Pocus "
         "only ever goes onto a Hocus in play."),
    Rule(P + "hocus/own-turn", "1. Play one or more Hocus cards",
         "Only the player whose turn it is plays Hocus cards, one at a time: the next only after "
         "the previous one has been dealt with."),
    Rule(P + "hocus/from", "1. Play one or more Hocus cards",
         "A Hocus is played from your Hand or your Grimoire, so you must hold it there."),
    Rule(P + "hocus/target", "Hocus Cards",
         "Abracadabra, Owl, Curse, Sacrifice and Thief name one other player as their target; "
         "the other Hocus kinds name nobody.",
         ruling="\"Choose a player\" means another player: taking from, swapping with or hurting "
                "yourself does nothing useful, and the Enchanted Mirror's rule that a Hocus can "
                "never be sent back to its caster shows the caster is never its target."),
    Rule(P + "pocus/window", "2. Play one or more Pocus cards",
         "While a Hocus waits to resolve, every player, its caster too, may play Pocus cards on "
         "it, several each, in any order; at no other time."),
    Rule(P + "pocus/from", "Pocus Cards",
         "A Pocus is played from your Hand or your Grimoire, so you must hold it there."),
    Rule(P + "react/close", "2. Play one or more Pocus cards",
         "The Pocus window closes once every player has passed since the last Pocus was played; "
         "a new Pocus asks everyone again.",
         ruling="A player with an empty Hand and no Pocus in their Grimoire that they could play "
                "is not asked: everybody can see they cannot react. Anyone holding cards in hand "
                "is always asked, so waiting reveals nothing about hands."),
    Rule(P + "react/order", "2. Play one or more Pocus cards",
         "When the window closes the Pocus cards take effect in the order they were played, and "
         "then the Hocus, if it is still in play.",
         ruling="A Lightning acts first, on the whole pile, before the others take effect (the "
                "rulebook's example has a Lightning beat a Counterspell played before it)."),
    Rule(P + "pocus/discarded", "Pocus Cards",
         "When a Hocus leaves the play area (destroyed, taken or returned), every Pocus played on "
         "it goes to the discard pile.",
         ruling="\"All Pocus cards in the play area\" means those played on this Hocus; cards of "
                "Hocus that already resolved this turn stay until the turn ends."),
    Rule(P + "grimoire/refill", "Grimoire and Hand",
         "A Grimoire with fewer than three cards is filled from its owner's Hand at once, even "
         "outside their turn, as far as the Hand allows.",
         ruling="The owner chooses which card fills the space (an action of that seat, before "
                "anyone else acts); when the Hand holds no more cards than there are spaces, they "
                "all go, with no choice to make."),
    Rule(P + "exchange/own-turn", "Grimoire and Hand",
         "On your own turn, before the draw that ends it, you may swap a card of your Hand with "
         "one of your Grimoire.",
         ruling="Not while a Hocus waits for Pocus cards or a decision: exchanges happen between "
                "Hocus cards."),
    Rule(P + "exchange/swap", "Grimoire and Hand",
         "An exchange swaps one Hand card for one different Grimoire card.",
         ruling="Swapping two identical cards changes nothing, so it is not offered."),
    Rule(P + "exchange/limit", "Grimoire and Hand",
         "At most three exchanges before each Hocus you play (and before the end-of-turn draw).",
         ruling="The rulebook sets no limit, but three swaps already reach every possible "
                "Grimoire from the cards you hold, so the cap removes no choice; it guarantees "
                "that every turn ends."),
    Rule(P + "end/choose", "3. End your Turn",
         "A turn ends by drawing two cards from the Library or taking one Gem from the Cauldron."),
    Rule(P + "end/hand-limit", "3. End your Turn",
         "After that draw you may keep at most five cards in hand; you choose the extra cards and "
         "discard them face up."),
    Rule(P + "end/play-area", "3. End your Turn",
         "Then every card left in the play area goes to the discard pile.",
         ruling="A Hocus that resolved, and its Pocus cards, stay in the play area until then; "
                "no further Pocus can be played on them."),
    Rule(P + "library/reshuffle", "3. End your Turn",
         "An empty Library is replaced by the shuffled discard pile.",
         ruling="Besides the end-of-turn check, a draw (Inspiration, Crystal Ball, the end-of-turn "
                "draw) that finds the Library empty reshuffles the discard pile first; with both "
                "empty, fewer cards are drawn."),
    Rule(P + "end/last-gem", "End of the Game",
         "The game ends the moment the last Gem leaves the Cauldron."),
    Rule(P + "end/no-tie", "End of the Game",
         "Nobody may take the Cauldron's last Gem if the game would then end with the most Gems "
         "shared.",
         ruling="A tie means two or more players share the most Gems. The end-of-turn Gem is then "
                "not allowed; a Spell that would empty the Cauldron into a tie takes one Gem "
                "fewer."),
    Rule(P + "end/winner", "End of the Game",
         "Whoever has the most Gems when the game ends wins."),
    # ------------------------------------------------------------------ Hocus powers
    Rule(P + "abracadabra/swap", "Hocus Cards: Abracadabra",
         "Caster and target swap their whole Hands, even when one of them is empty."),
    Rule(P + "crystal-ball/arrange", "Hocus Cards: Crystal Ball",
         "The caster looks at the Library's top four cards and puts them back in any order.",
         ruling="With fewer than four cards in the Library the caster arranges those there are; "
                "only the caster sees them."),
    Rule(P + "owl/give", "Hocus Cards: Owl",
         "The target hands the caster as many Grimoire cards as the Owl's number, or their whole "
         "Grimoire if it holds fewer.",
         ruling="The giver chooses which cards (the rulebook says they give them); the cards go "
                "into the caster's Hand."),
    Rule(P + "inspiration/draw", "Hocus Cards: Inspiration",
         "The caster draws as many cards from the Library as the Inspiration's number."),
    Rule(P + "inspiration/once", "Hocus Cards: Inspiration",
         "After an Inspiration takes effect, no other Inspiration may be played that turn.",
         ruling="\"Played successfully\" means its power took effect; a stopped Inspiration does "
                "not count."),
    Rule(P + "curse/discard", "Hocus Cards: Curse",
         "The caster picks as many cards of the target's Grimoire as the Curse's number (all of "
         "them if fewer) and discards them."),
    Rule(P + "sacrifice/return", "Hocus Cards: Sacrifice",
         "The target puts two Gems (the card's number) back into the Cauldron, or all they have "
         "if fewer."),
    Rule(P + "spell/take", "Hocus Cards: Spell",
         "The caster takes as many Gems from the Cauldron as the Spell's number.",
         ruling="With fewer Gems in the Cauldron the caster takes what is there."),
    Rule(P + "thief/steal", "Hocus Cards: Thief",
         "The target gives the caster as many Gems as the Thief's number, or all they have."),
    Rule(P + "vortex/pass-left", "Hocus Cards: Vortex",
         "Every player hands their whole Grimoire to the neighbour on their left (the next seat); "
         "an empty Grimoire hands nothing."),
    Rule(P + "vortex/stop-from-hand", "Hocus Cards: Vortex",
         "Only a Counterspell or a Pumpkin played from a Hand can stop a Vortex.",
         ruling="A Black Cat cannot be played on a Vortex, nor a Counterspell or Pumpkin from a "
                "Grimoire; an Amulet or Mirror cannot either, as a Vortex has no target."),
    # ------------------------------------------------------------------ Pocus powers
    Rule(P + "amulet/target-only", "Pocus Cards: Amulet",
         "Only the player a Hocus is aimed at may play an Amulet on it.",
         ruling="Crystal Ball, Inspiration, Spell and Vortex are aimed at nobody, so no Amulet can "
                "be played on them. After an Enchanted Mirror the new target is the one aimed at."),
    Rule(P + "amulet/destroy", "Pocus Cards: Amulet",
         "An Amulet destroys the Hocus aimed at you and every Pocus on it."),
    Rule(P + "magic-wand/double", "Pocus Cards: Magic Wand",
         "A Magic Wand doubles the Hocus's number.",
         ruling="Only numbered Hocus can take a Wand. Each Wand doubles again (two Wands: x4). "
                "Wands always work under a Lightning, also those played before it: the rulebook "
                "calls the Magic Wand the one card that works on a Hocus protected by Lightning "
                "and recommends Inspiration + Wand + Lightning."),
    Rule(P + "black-cat/take", "Pocus Cards: Black Cat",
         "The Black Cat's player takes the Hocus into their Hand; every Pocus on it is "
         "discarded.",
         ruling="Playing it on your own Hocus returns it to your Hand, free to play again."),
    Rule(P + "pumpkin/return", "Pocus Cards: Pumpkin",
         "The Hocus returns to its caster's Hand; every Pocus on it is discarded."),
    Rule(P + "pumpkin/lock", "Pocus Cards: Pumpkin",
         "A Hocus returned by a Pumpkin cannot be played again before its caster's next turn.",
         ruling="Identical copies are interchangeable: for the rest of the turn the caster has one "
                "fewer playable copy of that card among Hand and Grimoire; if copies leave the "
                "caster, the locked one leaves first."),
    Rule(P + "counterspell/destroy", "Pocus Cards: Counterspell",
         "A Counterspell destroys the Hocus and every Pocus on it."),
    Rule(P + "lightning/protect", "Pocus Cards: Lightning",
         "Lightning cancels the Pocus cards played before it and voids those played after it; "
         "only Magic Wands still work.",
         ruling="Only the first Lightning counts (a later one is voided by it). Cancelled Pocus go "
                "to the discard pile at once; voided ones may still be played but do nothing. "
                "Enchanted Mirrors it cancels no longer redirect: the Hocus hits its first target."),
    Rule(P + "mirror/target-only", "Pocus Cards: Enchanted Mirror",
         "Only the player a Hocus is currently aimed at may play an Enchanted Mirror on it.",
         ruling="As for the Amulet: untargeted Hocus cannot take a Mirror; after a Mirror, the "
                "player it chose is the one aimed at and may reflect it again."),
    Rule(P + "mirror/redirect", "Pocus Cards: Enchanted Mirror",
         "The Mirror's player names a new target, never the Hocus's caster; Mirrors may chain.",
         ruling="The new target must also differ from the Mirror's player (a Mirror turns the "
                "Hocus away); the caster still gets what the Hocus gives."),
    Rule(P + "hourglass/end-turn", "Pocus Cards: Hourglass",
         "Once this Hocus has been dealt with, its caster's turn ends: they still draw two cards "
         "or take a Gem, and do nothing else.",
         ruling="The turn ends even when the Hocus is stopped after the Hourglass took effect; no "
                "exchange is allowed any more, only the draw or the Gem."),
)
