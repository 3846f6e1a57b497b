// The lobby lists (my games, open games, live games, finished games) refresh by themselves.
const PERIOD = 5000;

async function refresh() {
  try {
    const response = await fetch(location.href, { headers: { Accept: "text/html" } });
    if (response.ok) {
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      for (const section of document.querySelectorAll("section[data-lobby]")) {
        const update = fresh.querySelector(`section[data-lobby="${section.dataset.lobby}"]`);
        if (update) section.replaceWith(update);
      }
    }
  } finally {
    setTimeout(refresh, PERIOD);
  }
}

setTimeout(refresh, PERIOD);
