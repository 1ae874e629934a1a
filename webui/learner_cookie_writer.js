export default function (component) {
  const { data } = component;
  const current = document.cookie.split("; ").find((c) => c.startsWith(data.name + "="));
  const secure = location.protocol === "https:" ? "; Secure" : "";
  if (data.clear) {
    if (current) document.cookie = `${data.name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  } else if (data.value && current !== `${data.name}=${data.value}`) {
    document.cookie = `${data.name}=${data.value}; Path=/; Max-Age=${data.maxAge}; SameSite=Lax${secure}`;
  }
}
