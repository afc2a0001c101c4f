"""Potion House's rules: ids, rulebook sections, our one-line summaries, our rulings.

Sections name the headings of ``potion-house.txt``. Summaries are the project's own words.
A ``ruling`` records a decision where the rulebook is silent or ambiguous, and why.
"""

from __future__ import annotations

from ...rules import Rule

P = "potion-house/"

RULES = (
    # ------------------------------------------------------------------ components, setup
    Rule(P + "components/ingredients", "Game Contents",
         "There are 40 different ingredients, each with exactly one card and one token.",
         ruling="The rulebook prints no names; the names and look-alike families are house data "
                "(the ingredients option renames them)."),
    Rule(P + "components/potions", "Game Contents",
         "Potion tokens are worth 2 to 5: twenty show 2 or 3, twenty show 4 or 5.",
         ruling="A bag holds at most four tokens and five bags at most twenty, so neither kind "
                "can run out; the supply is counted per kind and never refuses a potion."),
    Rule(P + "setup/storage", "Setup",
         "The 40 tokens are shuffled and ten go into each of the four storage spaces, lids on."),
    Rule(P + "storage/fixed", "1. Search the Attic",
         "Tokens never leave their storage space during the game."),
    Rule(P + "setup/deck", "Setup",
         "The 40 cards are shuffled into a face-down draw pile."),
    Rule(P + "setup/first-player", "Setup",
         "The last player to have watched a film about sorcery starts; turns then go clockwise.",
         ruling="The engine cannot know who that is: seat 0 starts unless the first_player "
                "option names another seat; clockwise is the next seat."),
    Rule(P + "setup/draw", "Setup",
         "Before the first turn each player in turn order declares and draws their first cards."),
    Rule(P + "draw/declare", "Setup",
         "Before any draw the player says how many cards, 2 to 5, they will take; then they "
         "draw exactly that many.",
         ruling="The declaration is its own action (count 2-5); its result, the draw, follows "
                "it, so no one can choose the number after seeing cards."),
    Rule(P + "draw/look", "Setup",
         "The drawer looks at the new cards and puts them face down in front of them.",
         ruling="The look lasts until the next action of anyone: until then the cards are in "
                "the drawer's view only; afterwards nobody's view holds them, not even the "
                "owner's, until they are turned over to concoct. The log gives only the count."),
    Rule(P + "variant/cards-visible", "Setup",
         "Easier house variant: with the keep_cards_visible option, your own cards stay in "
         "your view all the time.",
         ruling="Not in the rulebook (which has the cards face down); offered for young players "
                "and learners, off by default."),
    Rule(P + "draw/reshuffle", "2. Concoct a potion",
         "When the draw pile is empty the discard pile is shuffled into a new draw pile.",
         ruling="This also happens in the middle of a draw. The discard pile shows only its top "
                "card: the rulebook has it face up but gives no one a reason to look through it."),
    # ------------------------------------------------------------------ the turn
    Rule(P + "turn/order", "How to Play",
         "Turns go clockwise, to the next seat."),
    Rule(P + "turn/choose", "How to Play",
         "On your turn you do one of two things: search the attic or concoct a potion."),
    Rule(P + "search/one-space", "1. Search the Attic",
         "A search opens exactly one of the four storage spaces (numbered 0 to 3)."),
    Rule(P + "search/everyone-sees", "1. Search the Attic",
         "Every player sees the ten tokens of the opened space; nobody may be kept from seeing "
         "them.",
         ruling="They are in every view (the reveal field) until the next action of anyone: "
                "that is the moment the lid is open. The log says which space was searched, "
                "never what was in it."),
    Rule(P + "search/lid-back", "1. Search the Attic",
         "The lid goes back on after the search: nothing of what was seen stays on the table.",
         ruling="No later view and no log entry holds the contents of a space: remembering them "
                "is the game. A test re-deals the spaces after the lid closes and checks every "
                "view is unchanged."),
    Rule(P + "concoct/reveal", "2. Concoct a potion",
         "To concoct, turn all your cards face up: everyone sees them while you place them."),
    Rule(P + "concoct/assign", "2. Concoct a potion",
         "Place your cards one at a time, each by the storage space you think holds its "
         "ingredient, in the order you choose, until all are placed."),
    Rule(P + "concoct/check", "2. Concoct a potion",
         "Then the ingredients are checked in the order the cards were placed; the check stops "
         "at the first one that is not in its space.",
         ruling="The rulebook checks space by space, stopping at a mistake; checking card by "
                "card in the placing order gives the player that order to choose, as the "
                "rulebook's placing does. The check shows, for each card checked, whether its "
                "token was there, not the space's other tokens; it is shown until the next "
                "action, and the log keeps only the outcome and how many checks passed."),
    Rule(P + "concoct/success", "2. Concoct a potion",
         "If every ingredient was found, the potion token worth the number of cards goes into "
         "your bag, the cards go face up to the discard pile, and you declare and draw again "
         "unless your bag is full."),
    Rule(P + "concoct/failure", "2. Concoct a potion",
         "If a check fails, the potion does not work: all its cards go to the discard pile and "
         "you declare and draw again."),
    Rule(P + "bag/four", "Game Contents",
         "Each player's bag has four spaces for potion tokens."),
    # ------------------------------------------------------------------ end
    Rule(P + "end/full-bag", "End of the Game",
         "When a bag is full the game ends once the round is complete, so everyone has had the "
         "same number of turns.",
         ruling="A round runs from the first player to the player before them; a player whose "
                "bag is full has no turn left in that round."),
    Rule(P + "scoring/public", "End of the Game",
         "Each player's score is the sum of the potion tokens in their bag.",
         ruling="The tokens lie on the bag cards, and each potion was checked in front of "
                "everyone, so every total is public at all times."),
    Rule(P + "end/winner", "End of the Game",
         "The highest total wins."),
    Rule(P + "end/fewer-potions", "End of the Game",
         "Among tied totals, the player with fewer potions wins."),
    Rule(P + "end/shared", "End of the Game",
         "If totals and potion counts are both tied, those players share the victory."),
)
