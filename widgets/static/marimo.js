// The loader of a table marimo draws (MarimoTableWidget): table.js comes in the model's
// `table_esm`, the stylesheet as the model's own `_css` (marimo puts it into the shadow
// root it draws the widget in). table.js gets a model without `widget_manager`: with one
// it would take the page for Jupyter and send ipywidgets' {iopub, shell} callbacks with
// each message, where marimo's model.send calls its second argument as a function.
export default {
  async render({ model, el, ...rest }) {
    const url = URL.createObjectURL(new Blob([model.get("table_esm") || ""], { type: "text/javascript" }));
    let mod;
    try { mod = await import(/* webpackIgnore: true */ url); } finally { URL.revokeObjectURL(url); }
    const plain = {
      get: (key) => model.get(key),
      set: (key, value) => model.set(key, value),
      save_changes: () => model.save_changes(),
      send: (content) => model.send(content),
      on: (name, callback) => model.on(name, callback),
      off: (name, callback) => model.off(name, callback),
    };
    return mod.default.render({ model: plain, el, ...rest });
  },
};
