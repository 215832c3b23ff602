#!/usr/bin/python3
"""Drives the web control page in Debian's headless Chromium (selenium, chromedriver), as a
user would: gives the token once, waits for every tile's thumbnail, pauses with the page's
button, and moves the seek bar to the start with the keyboard. Prints one JSON object of what
the page showed; the calling test checks the wall itself through its IPC socket.

Usage: page_check.py URL TOKEN TILES
"""
import json
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from control_page import console_errors, open_page


def main():
    url, token, tiles = sys.argv[1], sys.argv[2], int(sys.argv[3])
    driver = open_page(url, token, 900)
    seen = {"tiles": 0, "thumbnails": 0, "labels": [], "paused_button": None, "errors": []}
    try:

        def thumbnails_shown():
            return driver.execute_script(
                "return [...document.querySelectorAll('.tile img')]"
                ".filter(i => i.src.startsWith('blob:') && i.complete && i.naturalWidth > 0).length")

        deadline = time.time() + 20
        while time.time() < deadline and thumbnails_shown() < tiles:
            time.sleep(0.25)
        seen["tiles"] = len(driver.find_elements(By.CSS_SELECTOR, ".tile"))
        seen["thumbnails"] = thumbnails_shown()
        seen["labels"] = [label.text for label in driver.find_elements(By.CSS_SELECTOR, ".tile .label")]

        driver.find_element(By.ID, "play").click()
        deadline = time.time() + 5
        while time.time() < deadline and driver.find_element(By.ID, "play").text != "Play":
            time.sleep(0.1)
        seen["paused_button"] = driver.find_element(By.ID, "play").text

        seek = driver.find_element(By.ID, "seek")
        seek.click()
        seek.send_keys(Keys.HOME)
        time.sleep(2)
        seen["errors"] = console_errors(driver)
    finally:
        driver.quit()
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
