// The loader each table's widget model carries instead of the whole table (a few hundred
// bytes instead of table.js and table.css). The module, the stylesheet, the games' card
// pictures and the words live once per kernel in the shared assets model this table's
// `_assets` names, so a notebook saved with twenty tables stores them once. Loaded from there, the module draws the table as
// it always has; a view that cannot find the shared model says what to do.
const STYLE_ID = "witchtable-table-css";

function sharedId(model) {
  const ref = String(model.get("_assets") || "");
  return ref.startsWith("IPY_MODEL_") ? ref.slice("IPY_MODEL_".length) : ref;
}

function useStyle(css) {
  let node = document.getElementById(STYLE_ID);
  if (!node) {
    node = document.createElement("style");
    node.id = STYLE_ID;
    document.head.append(node);
  }
  if (node.textContent !== css) node.textContent = css;
}

// The table's model as table.js reads it: its card pictures and words come from the
// shared model (the table's `shared` names them), the rest from its own state.
const SHARED = ["pictures", "strings"];

function withShared(model, assets) {
  const from = (key) => {
    const store = assets.get(key) || {};
    return store[(model.get("shared") || {})[key]] || {};
  };
  const event = (name) => (SHARED.some((key) => name === `change:${key}`) ? "change:shared" : name);
  return {
    ...model,
    get: (key) => (SHARED.includes(key) ? from(key) : model.get(key)),
    on: (name, callback) => model.on(event(name), callback),
    off: (name, callback) => model.off(event(name), callback),
  };
}

export default {
  async render({ model, el, ...rest }) {
    let mod;
    let shared;
    try {
      shared = await model.widget_manager.get_model(sharedId(model));
      useStyle(shared.get("css") || "");
      const url = URL.createObjectURL(new Blob([shared.get("esm") || ""], { type: "text/javascript" }));
      try { mod = await import(/* webpackIgnore: true */ url); } finally { URL.revokeObjectURL(url); }
    } catch (err) {
      console.error("witchtable: the table's shared module could not be loaded", err);
      const note = document.createElement("p");
      note.className = "wt-missing";
      note.setAttribute("role", "alert");
      note.textContent = (model.get("strings") || {}).assets_missing || "Run the cell again.";
      el.append(note);
      return () => note.remove();
    }
    return mod.default.render({ model: withShared(model, shared), el, ...rest });
  },
};
