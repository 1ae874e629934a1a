// Step keys (webui/keys.py): one keydown listener on the document per named view; a key
// of data.keys sends its action as a trigger. Typing in a field is left alone.
export default function (component) {
  const { data, setTriggerValue } = component;
  const handlers = (window.__chinchonKeys = window.__chinchonKeys || {});
  const previous = handlers[data.name];
  if (previous) document.removeEventListener("keydown", previous);
  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const target = event.target;
    const tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" ||
        (target && target.isContentEditable)) return;
    // A focused button takes Space itself: let it, so a click is never doubled.
    if (event.key === " " && tag === "button") return;
    const action = data.keys[event.key];
    if (!action) return;
    event.preventDefault();
    setTriggerValue("action", action);
  };
  handlers[data.name] = onKey;
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("keydown", onKey);
    if (handlers[data.name] === onKey) delete handlers[data.name];
  };
}
