// The deck's colours before the first paint (U11): the settings record's "four_colour" as
// hearts/web/settings.py reads it (deck_of: only true is the four-colour deck). tests/js
// runs deckOf against Python on tests/shared_cases/deck.json.
import { RECORDS } from "../build/contract.mjs";
import { field, parse, stored } from "./records.mjs";

export const deckOf = (fourColour) => (fourColour === true ? "four" : "two");

// <html data-deck>: static/css/hearts/35-options.css colours the suits by it.
export const savedDeck = () => deckOf(field(parse(stored(RECORDS.settings)), "four_colour"));
