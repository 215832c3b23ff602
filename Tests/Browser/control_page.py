"""What both browser checks of the web control page do: open it in Debian's headless Chromium
(selenium, chromedriver), give it the token once, and read the page's console errors."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def open_page(url, token, height):
    """A headless Chromium on `url`, 1280 x `height`, the token given (its "change" event:
    the page keeps it for the session). The caller quits the driver."""
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,%d" % height):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(url)
        field = driver.find_element(By.ID, "token")
        field.send_keys(token)
        field.send_keys(Keys.TAB)
    except Exception:
        driver.quit()
        raise
    return driver


def console_errors(driver):
    """The page's own errors (SEVERE in the browser's log)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
