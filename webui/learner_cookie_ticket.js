export default function (component) {
  const { data } = component;
  if (!data.ticket || window.chinchonCookieTicket === data.ticket) return;
  window.chinchonCookieTicket = data.ticket;
  fetch(`${data.route}?ticket=${encodeURIComponent(data.ticket)}`,
        { method: "POST", credentials: "same-origin", cache: "no-store" });
}
