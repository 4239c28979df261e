// English strings of the screens that load on demand (i18n/index.js more()): the
// seat-link dialog, the player switch, notifications, the shuffle check.
export default `
device_hint=Open this private link, or scan the code, on your phone or another computer to play your seat there too. Both keep working. Whoever has this link plays your seat: share it with nobody else.
device_qr=QR code of your private seat link
player_switch_title=Play as which player here?
player_switch=The link comes from {theirs} (🍬 {n}); this device plays as {mine} (🍬 {m}). Your seat works either way: the player you keep is the one whose candy this device shows, and who earns it at the tables made here.
player_switch_yes=Play as {name}
player_keep=Keep {name}
player_switched=This device now plays as {name}.
v_hash=The seed matches the hash shown before the deal
v_indicator=The re-dealt indicator is the one on the table
v_dice=The dice match
v_rack=Your re-dealt rack is the rack you were dealt
v_pile=The pile size matches
v_all_ok=Everything matches: the hand was dealt from this seed.
v_bad=Mismatch! Something does not add up.
push_title=Notifications
push_enable=Notify me when it's my turn
push_on=This device is notified when it is your turn, when a hand ends and when your time runs short.
push_off=Stop notifications
push_done=Notifications are on.
push_blocked=Notifications are blocked for this site: allow them in the browser settings.
push_ios=On iPhone and iPad, notifications need the app on the Home Screen: tap Share, then "Add to Home Screen", and open the table from there.
push_none=This browser cannot show notifications; keep the tab open, its title shows when it is your turn.
ob_wait=Not sent yet: no connection. Your move goes as soon as it is back.
ob_moved=Your move was not made: the table moved on while it waited.
push_unanswered=The browser's question was closed unanswered: tap again and choose Allow.
push_refused=This browser would not subscribe (a private window cannot get notifications): open the table in a normal window, or keep this tab open.
push_server=The server did not take the subscription: {message}
push_error=Notifications could not be turned on: {message}
stat_title={name}
stat_hands=Hands won
stat_matches=Matches won
stat_won_of={won} of {n}
stat_streak=Matches won in a row
stat_streak_now={n} now, best {best}
stat_pairs=Finished with pairs
stat_okey=Finished with the okey
stat_best_hand=Best hand (lowest score)
stat_none=No hands played yet: stats start with your first hand.
embed_script=A script tag: the frame sizes itself to the game.
embed_iframe=Or a plain frame, for sites that allow no scripts.
take_seat=Take a seat
open_istaka=Open in Istaka
`
