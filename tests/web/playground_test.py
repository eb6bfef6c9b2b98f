#!/usr/bin/env python3
"""The playground in a real browser: headless Chromium (Debian's, through
chromedriver and Selenium) loads the page from a local server, types
expressions and checks what a user sees against the native `fuzzycron`:
the explanation, the fire times, an error's underline column, a lint rewrite
applied by a click, a shared link restoring the state, a phone-width layout
and a huge input that gets a message instead of a frozen tab. Screenshots at
desktop and phone widths are kept in ARTIFACTS.

Usage: playground_test.py SITE_DIR NATIVE_FUZZYCRON ARTIFACTS_DIR
"""
import http.server
import json
import os
import re
import socketserver
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

site, native, artifacts = sys.argv[1:4]
os.makedirs(artifacts, exist_ok=True)
failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(name)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **kw):
        super().__init__(*a, directory=site, **kw)

    def log_message(self, *a):
        pass


server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Quiet)
threading.Thread(target=server.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{server.server_address[1]}/"

options = Options()
options.binary_location = "/usr/bin/chromium"
for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
    options.add_argument(arg)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 15)


def native_next(expr, tz, after_ms, n):
    start = datetime.fromtimestamp(after_ms / 1000, timezone.utc).isoformat().replace("+00:00", "Z")
    out = subprocess.run([native, "next", expr, "-z", tz, "--from", start, "-n", str(n), "--json"],
                         capture_output=True, text=True, check=True).stdout
    return [int(datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp() * 1000)
            for t in json.loads(out)["next"]]


def type_into(element_id, text):
    e = driver.find_element(By.ID, element_id)
    driver.execute_script("arguments[0].value = ''", e)
    e.send_keys(text)


def explanation_settles(previous=""):
    wait.until(lambda d: d.find_element(By.ID, "explanation").text not in ("", previous)
               or d.find_element(By.ID, "error").text)
    return driver.find_element(By.ID, "explanation").text


try:
    started = time.monotonic()
    driver.get(url)
    first = explanation_settles()
    check("first render", bool(first), "no explanation")
    load_ms = (time.monotonic() - started) * 1000
    size_kb = sum(os.path.getsize(os.path.join(site, f)) for f in os.listdir(site)) / 1024

    # The explanation and the fire times, in a zone, against the native command.
    type_into("tz", "America/New_York")
    type_into("expr", "0 9 * * 1-5")
    text = explanation_settles(first)
    check("explanation", text.startswith("At 09:00, on Monday through Friday, in America/New_York"), text)
    wait.until(lambda d: d.find_element(By.ID, "zone-head").text == "America/New_York")
    rows = driver.find_elements(By.CSS_SELECTOR, "#times tr.next")
    shown = [int(r.get_attribute("data-ms")) for r in rows]
    check("fire times equal fuzzycron next", len(shown) == 5 and shown == native_next(
        "0 9 * * 1-5", "America/New_York", shown[0] - 1, 5), f"{shown}")
    check("'in …' beside each time", all(re.match(r"in \d", r.find_elements(By.TAG_NAME, "td")[3].text)
                                          for r in rows), "")

    # An error: the message and the underline at the native column.
    type_into("expr", "0 9 * * 8")
    wait.until(lambda d: d.find_element(By.ID, "error").text)
    message = driver.find_element(By.ID, "error").text
    native_error = subprocess.run([native, "next", "0 9 * * 8"], capture_output=True, text=True).stderr
    column = re.search(r"\(column (\d+)\)", native_error).group(1)
    underline = driver.find_element(By.ID, "underline")
    check("error message", "day-of-week" in message and f"column {column}" in message, message)
    check("underline at the error's column", underline.get_attribute("data-column") == column and
          len(underline.find_elements(By.TAG_NAME, "mark")) == 1, underline.get_attribute("data-column"))

    # A lint rewrite, applied by a click.
    type_into("tz", "UTC")
    type_into("expr", "*/15 * * * *")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#findings button.apply"))
    button = driver.find_elements(By.CSS_SELECTOR, "#findings button.apply")[0]
    rewrite = button.text.removeprefix("Use ")
    button.click()
    wait.until(lambda d: d.find_element(By.ID, "expr").get_attribute("value") == rewrite)
    check("lint rewrite applied by click", "H" in rewrite, rewrite)
    after = explanation_settles()
    check("the rewrite is explained", "stable" in after or "every 15 minutes" in after, after)

    # A shared link restores exactly what was shown.
    type_into("seed", "nightly-report")
    type_into("dialect", "")
    driver.find_element(By.ID, "dialect").send_keys("quartz")
    type_into("expr", "0 H 3 ? * MON-FRI")
    explanation_settles()
    link = driver.current_url
    shown_text = driver.find_element(By.ID, "explanation").text
    driver.get("about:blank")
    driver.get(link)
    restored = explanation_settles()
    values = {f: driver.find_element(By.ID, f).get_attribute("value") for f in ("expr", "dialect", "seed", "tz")}
    check("shared link restores the state", values == {"expr": "0 H 3 ? * MON-FRI", "dialect": "quartz",
                                                        "seed": "nightly-report", "tz": "UTC"} and
          restored == shown_text, f"{values} {restored!r}")
    driver.save_screenshot(os.path.join(artifacts, "playground-desktop.png"))

    # Phone width: nothing wider than the screen.
    driver.set_window_size(390, 844)
    time.sleep(0.3)
    overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    check("phone width: no horizontal scrolling", overflow <= 0, f"{overflow} px too wide")
    driver.save_screenshot(os.path.join(artifacts, "playground-phone.png"))
    driver.set_window_size(1280, 900)

    # Bad input: a message, not a frozen tab.
    for bad in ("\x01\x02 * * * *", "0 0 * * *" + " *" * 20000):
        type_into("expr", bad) if len(bad) < 100 else driver.execute_script(
            "const e = document.getElementById('expr'); e.value = arguments[0];"
            "e.dispatchEvent(new Event('input'));", bad)
        t0 = time.monotonic()
        wait.until(lambda d: d.find_element(By.ID, "error").text)
        alive = driver.execute_script("return 1 + 1") == 2
        check(f"bad input of {len(bad)} characters answered", alive and time.monotonic() - t0 < 5,
              driver.find_element(By.ID, "error").text)

    # The spread view draws the library's SVG.
    driver.find_element(By.ID, "spread-run").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#spread-plot svg"))
    figures = driver.find_element(By.ID, "spread-figures").text
    check("spread before/after", "before hashing" in figures, figures)

    # Offline once loaded: the service worker serves the page with the server gone.
    driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
    driver.get(url)  # a load under the service worker's control
    explanation_settles()
    server.shutdown()
    server.server_close()
    driver.get(url + "#expr=0+12+*+*+*")
    offline = explanation_settles()
    check("works offline once loaded", "at 12:00" in offline, offline)

    print(f"first render {load_ms:.0f} ms, site {size_kb:.0f} KB")
finally:
    driver.quit()
    threading.Thread(target=server.shutdown, daemon=True).start()

print(f"{len(failures)} failed" if failures else "playground: all checks passed")
sys.exit(1 if failures else 0)
