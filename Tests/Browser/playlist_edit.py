#!/usr/bin/python3
"""Edits a tile's playlist on the web control page in Debian's headless Chromium (selenium,
chromedriver), as a user would: gives the token, picks the tile, adds a file of the media
folder to its list, moves it to the top, removes the list's last item, and saves to the layout.
Prints one JSON object of what the page showed, with the time the save was answered
(time.time()); the calling test checks the wall through its IPC socket and the layout file.

Usage: playlist_edit.py URL TOKEN TILE MEDIA_NAME
"""
import json
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from control_page import console_errors, open_page


def main():
    url, token, tile, media = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    driver = open_page(url, token, 1200)
    seen = {"rows_before": [], "rows_saved": [], "note": None, "saved_at": None, "errors": []}

    def rows():
        return driver.execute_script(
            "return [...document.querySelectorAll('#playlist tbody tr')]"
            ".map(r => r.querySelector('input[data-field=source]').value)")

    def wait(condition, seconds=15):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if condition():
                return True
            time.sleep(0.1)
        return False

    try:
        wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, ".tile")) >= tile)
        box = driver.find_elements(By.CSS_SELECTOR, ".tile")[tile - 1]
        # By keyboard, as the page promises.
        box.send_keys(Keys.ENTER)
        wait(lambda: driver.find_element(By.ID, "playlistPanel").is_displayed() and len(rows()) > 0)
        seen["rows_before"] = rows()
        wait(lambda: media in [o.text for o in Select(driver.find_element(By.ID, "media")).options])
        Select(driver.find_element(By.ID, "media")).select_by_visible_text(media)
        driver.find_element(By.ID, "addItem").click()
        count = len(rows())
        for place in range(count, 1, -1):
            driver.find_element(By.CSS_SELECTOR, "[aria-label='Item %d up']" % place).click()
        driver.find_element(By.CSS_SELECTOR, "[aria-label='Item %d remove']" % count).click()
        seen["rows_saved"] = rows()
        driver.find_element(By.ID, "savePlaylist").click()
        wait(lambda: driver.find_element(By.ID, "playlistNote").text.startswith(("saved", "not saved")))
        seen["saved_at"] = time.time()
        seen["note"] = driver.find_element(By.ID, "playlistNote").text
        seen["errors"] = console_errors(driver)
    finally:
        driver.quit()
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
