// The screen's look, injected once as a <style> and scoped under .screen-diamagique.
export const CSS = `
.screen-diamagique { position: relative; container: dg-screen / inline-size; --gold: #c9a64a;
  --target: #2d6a3e; --pick: #8a3b12; }
.screen-diamagique .dg-layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: .8rem; }
@container (min-width: 640px) {
  .screen-diamagique .dg-layout { grid-template-columns: minmax(0, 1fr) 14.5rem; }
}
.screen-diamagique .dg-board { display: flex; flex-direction: column; gap: .55rem; min-width: 0;
  container-type: inline-size; }
.screen-diamagique .dg-team { background: #fbf8f0; border: 1px solid #e3dac6; border-radius: .6rem;
  padding: .4rem; }
.screen-diamagique .dg-mine { background: #f6f9f2; }
.screen-diamagique .dg-columns { display: grid; grid-template-columns: repeat(3, minmax(0, 7.6rem));
  justify-content: center; gap: .5rem; }
.screen-diamagique .dg-column { display: flex; flex-direction: column; gap: .35rem; min-width: 0; }
.screen-diamagique .dg-card { position: relative; border-radius: .45rem; line-height: 0;
  transition: transform .15s ease; }
.screen-diamagique .dg-card svg.dg-face { width: 100%; height: auto; display: block;
  filter: drop-shadow(0 1px 2px rgba(0,0,0,.25)); }
.screen-diamagique .dg-cast svg.dg-empty { filter: none; }
.screen-diamagique [role=button] { cursor: pointer; }
.screen-diamagique [role=button]:focus-visible { outline: 3px solid #e0a030; outline-offset: 3px; }
.screen-diamagique .dg-pickable { outline: 2px dashed var(--pick); outline-offset: 2px; }
.screen-diamagique .dg-pickable:hover { transform: translateY(-4px); }
.screen-diamagique .dg-chosen { outline: 3px solid var(--gold); outline-offset: 2px;
  transform: translateY(-8px); }
.screen-diamagique .dg-card.dg-chosen::after { content: "✓"; position: absolute; top: -.55rem;
  right: -.45rem; background: var(--gold); color: #1d1b16; font: 700 .85rem/1.3rem system-ui;
  width: 1.3rem; height: 1.3rem; text-align: center; border-radius: 50%; }
.screen-diamagique .dg-target { outline: 3px solid var(--target); outline-offset: 2px;
  animation: dg-pulse 1.2s ease-in-out infinite; }
.screen-diamagique .dg-card.dg-target::before { content: "▼"; position: absolute; top: -.9rem;
  left: 50%; transform: translateX(-50%); color: var(--target); font: 700 .9rem/1 system-ui; }
.screen-diamagique .dg-target svg.dg-empty rect { stroke: var(--target); fill: #e7f3e9; }
.screen-diamagique .dg-info { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem .8rem;
  padding: .1rem .3rem .4rem; font-size: .9rem; line-height: 1.3; }
.screen-diamagique .dg-info.dg-acting { box-shadow: inset 4px 0 0 var(--target); }
.screen-diamagique .dg-who { display: flex; flex-wrap: wrap; gap: .3rem .5rem; align-items: baseline; }
.screen-diamagique .dg-team-name { color: #6b6357; font-size: .85rem; }
.screen-diamagique .dg-tag { font-size: .72rem; border: 1px solid #6b6357; border-radius: 1rem;
  padding: 0 .45rem; text-transform: uppercase; letter-spacing: .04em; }
.screen-diamagique .dg-turn-tag { background: var(--target); border-color: var(--target); color: #fff; }
.screen-diamagique .dg-score { display: flex; align-items: center; gap: .35rem; font-weight: 700; }
.screen-diamagique .dg-sockets { height: 1.15rem; width: auto; }
.screen-diamagique .dg-piles { display: flex; flex-wrap: wrap; gap: .2rem .7rem; color: #4a443b;
  font-size: .82rem; }
.screen-diamagique .dg-centre { display: flex; gap: .8rem; align-items: center; justify-content: center;
  flex-wrap: wrap; padding: .5rem; border-radius: .6rem;
  background: radial-gradient(ellipse at center, #efe4c8 0%, #e4d6b2 70%, #d9c89c 100%); }
.screen-diamagique .dg-castle-card, .screen-diamagique .dg-centre > .dg-card { width: 7.4rem; }
.screen-diamagique .dg-stakes { display: flex; flex-direction: column; gap: .45rem; font-size: .88rem;
  min-width: 9rem; }
.screen-diamagique .dg-stakes > div { display: flex; align-items: center; gap: .4rem; flex-wrap: wrap;
  background: rgba(255,255,255,.65); border-radius: .45rem; padding: .25rem .45rem; }
.screen-diamagique .dg-gems { height: 1.6rem; width: auto; }
.screen-diamagique .dg-pot-svg { height: 1.9rem; width: auto; }
.screen-diamagique .dg-won { border: 2px solid #e0a800; }
.screen-diamagique .dg-won.dg-pickable { outline: 2px dashed var(--pick); animation: dg-pulse 1.2s infinite; }
.screen-diamagique .dg-won.dg-chosen { outline: 3px solid var(--gold); }
.screen-diamagique .dg-turn { font-weight: 600; }
.screen-diamagique .dg-prompt { display: flex; align-items: center; gap: .6rem; flex-wrap: wrap;
  background: #fff4d6; border: 1px solid #e0c070; border-radius: .5rem; padding: .4rem .7rem;
  font-weight: 600; }
.screen-diamagique .dg-back-button { background: #fff; color: var(--pick); font-size: .85rem;
  padding: .2rem .6rem; }
.screen-diamagique .dg-hand h3, .screen-diamagique .dg-fallback h3 { font-size: .95rem; margin: .1rem 0 .4rem; }
.screen-diamagique .dg-hand .dg-row { display: flex; flex-wrap: wrap; gap: .55rem; padding-top: .6rem; }
.screen-diamagique .dg-hand .dg-card { width: clamp(5.6rem, 27cqi, 7.2rem); }
.screen-diamagique .dg-backs { display: flex; align-items: center; gap: .5rem; font-size: .85rem;
  color: #4a443b; }
.screen-diamagique .dg-backs-svg { height: 2.2rem; width: auto; }
.screen-diamagique .dg-fallback { display: flex; flex-wrap: wrap; gap: .3rem; }
.screen-diamagique .dg-fallback h3 { width: 100%; }
.screen-diamagique .dg-aside { min-width: 0; }
.screen-diamagique .dg-challenge { background: #fffdf6; border: 1px solid #e3dac6; border-radius: .6rem;
  padding: .5rem .7rem; font-size: .86rem; line-height: 1.35; }
.screen-diamagique .dg-challenge h3 { margin: 0 0 .2rem; font-size: 1rem; }
.screen-diamagique .dg-sub { color: #6b6357; margin: .1rem 0 .4rem; }
.screen-diamagique .dg-casts { border-collapse: collapse; width: 100%; }
.screen-diamagique .dg-casts th { text-align: left; font-size: .75rem; color: #6b6357; font-weight: 600; }
.screen-diamagique .dg-casts td { border-top: 1px solid #eee6d4; padding: .15rem .2rem; }
.screen-diamagique .dg-casts td:first-child { white-space: nowrap; font-size: .78rem; }
.screen-diamagique .dg-row-1 td:first-child { font-style: italic; }
.screen-diamagique .dg-power { white-space: nowrap; text-align: right; font-variant-numeric: tabular-nums; }
.screen-diamagique .dg-before { color: #6b6357; }
.screen-diamagique .dg-after { color: #2d6a3e; display: inline-block; }
.screen-diamagique .dg-steps { margin: .4rem 0; padding: 0; list-style: none; }
.screen-diamagique .dg-steps li { padding: .12rem 0; border-bottom: 1px dotted #e3dac6; }
.screen-diamagique .dg-rank { display: inline-block; min-width: 1.2rem; height: 1.2rem; margin-right: .35rem;
  border-radius: .25rem; background: #1d1b16; color: #fff; text-align: center; font-weight: 700;
  font-size: .75rem; line-height: 1.2rem; }
.screen-diamagique .dg-note { background: #eef3fb; border-left: 3px solid #2f6fbf; padding: .3rem .5rem;
  margin: .3rem 0; }
.screen-diamagique .dg-totals { display: flex; align-items: center; justify-content: space-between;
  gap: .4rem; font-size: 1rem; margin-top: .4rem; }
.screen-diamagique .dg-total { padding: .2rem .45rem; border-radius: .4rem; border: 1px solid #d8cfbd; }
.screen-diamagique .dg-total.dg-win { background: #2d6a3e; color: #fff; border-color: #2d6a3e;
  font-weight: 700; }
.screen-diamagique .dg-total.dg-win::before { content: "★ "; }
.screen-diamagique .dg-vs { font-weight: 800; font-size: 1.2rem; }
.screen-diamagique .dg-verdict { margin: .35rem 0 0; font-weight: 600; }
.screen-diamagique .dg-final.dg-fresh { animation: dg-pop .6s both; transform-box: fill-box;
  transform-origin: center; }
.screen-diamagique .dg-moment { position: absolute; top: .4rem; left: 50%; transform: translateX(-50%);
  z-index: 5; pointer-events: none; width: max-content; max-width: min(30rem, 94%);
  font-size: .92rem; background: rgba(29,27,22,.92);
  color: #fff7dd; border: 2px solid var(--gold); border-radius: .7rem; padding: .5rem .9rem;
  text-align: center; font-weight: 600; animation: dg-banner 3s ease forwards; }
.screen-diamagique .dg-moment p { margin: .15rem 0; }
.screen-diamagique .dg-end { background: #fff8e1; border: 2px solid #e0a800; border-radius: .6rem;
  padding: .4rem .8rem; animation: dg-banner-stay .6s ease both; }
.screen-diamagique .dg-end h3 { margin: 0 0 .2rem; }
.screen-diamagique .dg-end p { margin: .2rem 0; }
.screen-diamagique .dg-end-scores { display: flex; gap: .6rem; flex-wrap: wrap; }
.screen-diamagique .dg-animate .dg-steps li { animation: dg-in .35s ease both; }
.screen-diamagique .dg-animate .dg-after { animation: dg-pop .5s ease both; }
.screen-diamagique .dg-animate .dg-totals { animation: dg-in .45s ease both; }
.screen-diamagique .dg-flip svg { animation: dg-flip .7s ease both; }
.screen-diamagique .dg-arrive { animation: dg-drop .6s ease both; }
.screen-diamagique .dg-glow svg { animation: dg-glow 1s ease-in-out 2; }
.screen-diamagique .dg-printed { animation: dg-gone .01s both; }
@keyframes dg-gone { to { visibility: hidden; } }
@keyframes dg-pulse { 50% { outline-color: #7cc08d; } }
@keyframes dg-in { from { opacity: 0; transform: translateX(-6px); } to { opacity: 1; transform: none; } }
@keyframes dg-pop { 0% { opacity: 0; transform: scale(.4); } 70% { opacity: 1; transform: scale(1.35); }
  100% { transform: scale(1); } }
@keyframes dg-flip { from { transform: rotateY(90deg); } to { transform: rotateY(0); } }
@keyframes dg-drop { from { opacity: 0; transform: translateY(-14px) scale(.9); } to { opacity: 1; transform: none; } }
@keyframes dg-glow { 50% { filter: drop-shadow(0 0 8px #f0c000) drop-shadow(0 0 3px #f0c000); } }
@keyframes dg-banner { 0% { opacity: 0; transform: translate(-50%, -8px); } 10%, 80% { opacity: 1;
  transform: translate(-50%, 0); } 100% { opacity: 0; transform: translate(-50%, 0); visibility: hidden; } }
@keyframes dg-banner-stay { from { opacity: 0; } to { opacity: 1; } }
@media (prefers-reduced-motion: reduce) {
  .screen-diamagique *, .screen-diamagique { animation: none !important; transition: none !important; }
  .screen-diamagique .dg-printed { visibility: hidden; }
}
/* The board's two columns (issue #20): on a narrow screen one column in the reading order
   (their team, the table, my team, the prompt, the hand); on a laptop's room the teams on
   the left, the table, the prompt and the hand on the right, so that it fits the window. */
.screen-diamagique .dg-col { display: contents; }
.screen-diamagique .dg-col-teams > :nth-child(1) { order: 1; }
.screen-diamagique .dg-col-teams > :nth-child(2) { order: 2; }
.screen-diamagique .dg-col-play > .dg-centre { order: 3; }
.screen-diamagique .dg-col-teams > :nth-child(3) { order: 4; }
.screen-diamagique .dg-col-play > :not(.dg-centre) { order: 5; }
.screen-diamagique .dg-dock { display: contents; }
@container dg-screen (max-width: 640px) {
  .screen-diamagique .dg-dock { display: flex; flex-direction: column; gap: .4rem; position: sticky;
    bottom: 0; z-index: 6; max-height: 58vh; overflow-y: auto; background: #fffdf6;
    box-shadow: 0 -4px 10px #0003; border-radius: .6rem .6rem 0 0; padding: .3rem; }
  .screen-diamagique .dg-dock .dg-hand .dg-row { flex-wrap: nowrap; overflow-x: auto; padding-bottom: .2rem; }
  .screen-diamagique .dg-dock .dg-hand .dg-card { width: 5.2rem; flex: none; }
  .screen-diamagique .dg-dock [data-testid=dg-castle-deck] .dg-card { width: 5rem; flex: none; }
}
@container dg-screen (min-width: 900px) {
  .screen-diamagique .dg-board { display: grid; grid-template-columns: minmax(0, 22rem) minmax(0, 1fr);
    gap: .5rem .6rem; align-items: start; }
  .screen-diamagique .dg-board > .dg-end { grid-column: 1 / -1; }
  .screen-diamagique .dg-col { display: flex; flex-direction: column; gap: .45rem; min-width: 0; }
  .screen-diamagique .dg-columns { grid-template-columns: repeat(3, minmax(0, 6.6rem)); gap: .4rem; }
  .screen-diamagique .dg-centre { padding: .3rem; }
  .screen-diamagique .dg-castle-card, .screen-diamagique .dg-centre > .dg-card { width: 5.6rem; }
  .screen-diamagique .dg-hand .dg-card { width: 6.2rem; }
  .screen-diamagique .dg-hand .dg-row { gap: .4rem; padding-top: .4rem; }
  .screen-diamagique .dg-hand h3 { margin: 0; }
  .screen-diamagique .dg-team { padding: .3rem; }
  /* The Château to choose is the decision: the hand waits, smaller, below it. */
  .screen-diamagique .dg-col-play:has([data-testid=dg-castle-deck]) [data-testid=dg-hand] .dg-card { width: 4.4rem; }
  .screen-diamagique [data-testid=dg-castle-deck] .dg-card { width: 5.4rem; }
}
/* A card drawn small on the table (issue #20): nothing under 11 px. The face keeps its
   Puissance, drawn larger, and its colours; its name and effect are HTML over it; the fine
   print (category, colour letters, the whole effect) is read large through the magnifier
   (overlay.js). A Magicien keeps its power in two lines. The card shown large keeps every
   line of its face. */
.screen-diamagique .dg-card .dg-face :is(.dg-fine, .dg-gem text) { display: none; }
.screen-diamagique .dg-card .dg-power { font-size: 17px; }
.screen-diamagique .card-zoom-face .dg-compact, .card-zoom-face.screen-diamagique .dg-compact { display: none; }
/* Whole lines only, broken between words: the name in two at most, the effect in as many
   as its box holds (40 % of the card's height, 1.4 times its width: the card is its own
   container), the last ending in an ellipsis when the words run on; a word too long for the
   card ends in one too. */
.screen-diamagique .dg-card:has(> .dg-over) { container-type: inline-size; }
.screen-diamagique .dg-over { position: absolute; left: 5%; right: 5%; overflow: hidden; text-align: center;
  font: 11px/1.1 system-ui, sans-serif; color: #1d1b16; pointer-events: none; overflow-wrap: normal;
  text-overflow: ellipsis; display: -webkit-box; -webkit-box-orient: vertical; }
.screen-diamagique .dg-over-name { top: 22%; font-weight: 700; line-height: 1.05; -webkit-line-clamp: 2; }
.screen-diamagique .dg-over-effect { top: 56%;
  -webkit-line-clamp: max(1, round(down, 140cqw * .4 / 12.1px, 1)); }
.screen-diamagique .dg-card .card-zoom-button { width: 1.25rem; height: 1.25rem; }
/* A Sort's or a Château's magnifier on its colour band, between its mark and its colours:
   the words below are left whole. */
.screen-diamagique .dg-card:has(> .dg-over) > .card-zoom-button { top: 2px; left: 33%; right: auto; bottom: auto; }
`;
