// The embed page: writes the <iframe> snippet of a play page from the choices in its form.
//
// A play page takes its table from its address (play.js reads it): ?players=N, ?bots=kind
// (or ?seat=all for pass and play), ?mode=play|explore, ?variant=name, and ?embed=1
// (no site header: the page sits inside another one). docs/publishing.md documents the
// snippet; this page only fills it in.

/** The snippet for one choice of table; ``base`` is the site's address (ending in /). */
export function snippet({ base, game, name, variant, players, bots, mode, height }) {
  const params = new URLSearchParams({ embed: "1", players: String(players), mode });
  if (bots === "people") params.set("seat", "all");
  else params.set("bots", bots);
  if (variant) params.set("variant", variant);
  const src = new URL(`play/${encodeURIComponent(game)}/?${params}`, base).href;
  const title = `${name}: play in the browser`.replace(/"/g, "&quot;");
  return `<iframe src="${src.replace(/&/g, "&amp;")}" title="${title}" width="100%" height="${height}" `
    + `style="border:0; max-width:1200px" loading="lazy"></iframe>`;
}

function setOptions(select, options, keep) {
  select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
  if (options.some(([value]) => value === keep)) select.value = keep;
}

function main() {
  const choices = JSON.parse(document.getElementById("wt-choices").textContent);
  const form = document.getElementById("wt-embed");
  const box = document.getElementById("wt-snippet");
  const note = document.getElementById("wt-copy-note");
  const { elements } = form;
  elements.base.value = new URL("../", location.href).href;
  setOptions(elements.game, choices.games.map((g) => [g.id, g.name]));

  function gameChanged() {
    const game = choices.games.find((g) => g.id === elements.game.value);
    const players = [];
    for (let n = game.min; n <= game.max; n += 1) players.push([String(n), String(n)]);
    setOptions(elements.players, players, String(game.players));
    const bots = game.bots.map((kind) => [kind, `I play, ${kind} bots play the others`]);
    bots.sort((a, b) => (b[0] === game.default_bot) - (a[0] === game.default_bot));
    setOptions(elements.bots, [...bots, ["people", "Everyone at one screen (pass and play)"]]);
    const variants = choices.variants.filter((v) => v.game === game.id).map((v) => [v.name, v.title]);
    setOptions(elements.variant, [["", "The rules as printed"], ...variants], elements.variant.value);
    elements.variant.disabled = variants.length === 0;
  }

  function update() {
    const game = choices.games.find((g) => g.id === elements.game.value);
    let base = elements.base.value.trim() || new URL("../", location.href).href;
    if (!base.endsWith("/")) base += "/";
    box.value = snippet({
      base, game: game.id, name: game.name, variant: elements.variant.value,
      players: elements.players.value, bots: elements.bots.value, mode: elements.mode.value,
      height: Math.min(2000, Math.max(400, Number(elements.height.value) || 760)),
    });
    note.textContent = "";
  }

  elements.game.addEventListener("change", gameChanged);
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  document.getElementById("wt-copy").addEventListener("click", async () => {
    box.select();
    try {
      await navigator.clipboard.writeText(box.value);
      note.textContent = "Copied.";
    } catch {
      note.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
    }
  });
  document.getElementById("wt-preview-button").addEventListener("click", () => {
    document.getElementById("wt-preview").innerHTML = box.value;
  });
  gameChanged();
  update();
}

if (typeof document !== "undefined") main();
