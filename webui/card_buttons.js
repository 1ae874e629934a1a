// The card buttons (webui/card_buttons.py): one button per card code, built with DOM calls
// (no markup from data); a click sends the code (or an action's name) as a trigger.
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  let root = parentElement.querySelector(".cardbuttons");
  if (!root) {
    root = document.createElement("div");
    root.className = "cardbuttons";
    parentElement.appendChild(root);
  }
  root.replaceChildren();
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", data.label);
  root.style.setProperty("--gap", data.gap + "px");
  root.style.setProperty("--ratio", data.width + " / " + data.height);
  root.classList.toggle("inline", !!data.inline);
  root.classList.toggle("fit", !!data.fit);
  const face = (code) => {
    const span = document.createElement("span");
    span.className = "cardbuttons-face";
    span.dataset.face = code;
    span.style.backgroundImage = 'url("' + data.faces[code] + '")';
    span.style.width = data.width + "px";
    span.style.height = data.height + "px";
    return span;
  };
  const captioned = (button, text) => {
    if (!text) return button;
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    caption.textContent = text;
    figure.append(button, caption);
    return figure;
  };
  if (data.actions && data.actions.length) {
    const line = document.createElement("div");
    line.className = "cardbuttons-actions";
    for (const act of data.actions) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = act.action;
      if (act.card) button.dataset.card = act.card;
      if (act.state) button.dataset.state = act.state;
      button.disabled = !!act.disabled;
      button.title = act.title || act.label;
      if (act.card || act.back) {
        button.setAttribute("aria-label", act.label);
        if (act.card) {
          button.appendChild(face(act.card));
        } else {
          const img = document.createElement("img");
          img.src = data.back;
          img.alt = act.label;
          img.width = data.width;
          button.appendChild(img);
        }
        button.addEventListener("click", () => setTriggerValue("action", act.action));
        line.appendChild(captioned(button, act.label));
      } else {
        button.className = "action-text" + (act.primary ? " primary" : "");
        button.textContent = act.label;
        button.addEventListener("click", () => setTriggerValue("action", act.action));
        line.appendChild(button);
      }
    }
    root.appendChild(line);
  }
  const cardButton = (code) => {
    const state = data.states[code] || "";
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.card = code;
    button.dataset.state = state;
    if ((data.highlight || []).includes(code)) button.dataset.highlight = "1";
    button.setAttribute("aria-pressed", state === "taken" || state === "twice" ? "true" : "false");
    button.title = data.names[code];
    button.setAttribute("aria-label", data.names[code]);
    button.disabled = data.disabled;
    button.appendChild(face(code));
    button.addEventListener("click", () => setTriggerValue("clicked", code));
    return captioned(button, (data.captions || {})[code]);
  };
  for (const row of data.rows) {
    const line = document.createElement("div");
    line.className = "cardbuttons-row";
    // A long row (a suit of the deck) in two halves, each kept whole on a narrow screen.
    // A short row (a hand) keeps its buttons as the row's own children (``fit`` lays them).
    const cut = Math.ceil(row.length / 2);
    if (row.length > 8 && !data.fit) {
      for (const codes of [row.slice(0, cut), row.slice(cut)]) {
        const part = document.createElement("div");
        part.className = "cardbuttons-half";
        for (const code of codes) part.appendChild(cardButton(code));
        line.appendChild(part);
      }
    } else {
      for (const code of row) line.appendChild(cardButton(code));
    }
    root.appendChild(line);
  }
}
