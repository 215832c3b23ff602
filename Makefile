# Builds and installs VideoWall from source: `make install PREFIX=/usr/local` (the default),
# with DESTDIR for a staging folder (scripts/package.sh installs into one to make the .deb).
# The program is linked with Swift's runtime inside it (--static-swift-stdlib), so it needs
# only Debian's libraries (GStreamer, GTK, curl) where it is installed.

PREFIX ?= /usr/local
DESTDIR ?=
SCRATCH := .build-static
BIN := $(SCRATCH)/release/videowall
MANTOOL := $(SCRATCH)/release/generate-manual
GENERATED := $(SCRATCH)/generated
# The man page's date: the last commit's, so two builds of one commit give the same page.
DATE := $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)

.PHONY: all install uninstall clean

all: $(BIN) $(GENERATED)/videowall.1

# FlyingFox's proxy handler brings FoundationNetworking, whose static library needs curl.
$(BIN): Package.swift $(shell find Sources -name '*.swift' -o -name '*.h' -o -name '*.modulemap')
	swift build -c release --product videowall --static-swift-stdlib --scratch-path $(SCRATCH) -Xlinker -lcurl

$(MANTOOL):
	swift build -c release --product generate-manual --scratch-path $(SCRATCH)

# The man page and the shell completions, from the argument parser's own description.
$(GENERATED)/videowall.1: $(BIN) $(MANTOOL)
	mkdir -p $(GENERATED)
	$(MANTOOL) $(BIN) --date $(DATE) --authors 'VideoWall developers' --output-directory $(GENERATED)
	# bash sources a completion file: it has no use for the #! line the parser writes.
	$(BIN) --generate-completion-script bash | sed '1{/^#!/d}' > $(GENERATED)/videowall.bash
	$(BIN) --generate-completion-script zsh > $(GENERATED)/_videowall
	$(BIN) --generate-completion-script fish > $(GENERATED)/videowall.fish

install: all
	install -D -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/videowall
	strip --strip-unneeded $(DESTDIR)$(PREFIX)/bin/videowall
	install -d -m 0755 $(DESTDIR)$(PREFIX)/share/videowall/layouts
	install -m 0644 layouts/*.yaml $(DESTDIR)$(PREFIX)/share/videowall/layouts/
	install -d -m 0755 $(DESTDIR)$(PREFIX)/share/man/man1
	gzip -9n < $(GENERATED)/videowall.1 > $(DESTDIR)$(PREFIX)/share/man/man1/videowall.1.gz
	chmod 0644 $(DESTDIR)$(PREFIX)/share/man/man1/videowall.1.gz
	install -D -m 0644 $(GENERATED)/videowall.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/videowall
	install -D -m 0644 $(GENERATED)/_videowall $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_videowall
	install -D -m 0644 $(GENERATED)/videowall.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/videowall.fish
	install -D -m 0644 packaging/videowall.desktop $(DESTDIR)$(PREFIX)/share/applications/videowall.desktop
	install -d -m 0755 $(DESTDIR)$(PREFIX)/lib/systemd/user
	sed 's#/usr/local/bin/videowall#$(PREFIX)/bin/videowall#' packaging/videowall.service > $(DESTDIR)$(PREFIX)/lib/systemd/user/videowall.service
	chmod 0644 $(DESTDIR)$(PREFIX)/lib/systemd/user/videowall.service
	install -d -m 0755 $(DESTDIR)$(PREFIX)/share/doc/videowall
	gzip -9n < README.md > $(DESTDIR)$(PREFIX)/share/doc/videowall/README.md.gz
	chmod 0644 $(DESTDIR)$(PREFIX)/share/doc/videowall/README.md.gz

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/videowall $(DESTDIR)$(PREFIX)/share/man/man1/videowall.1.gz \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/videowall $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_videowall \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/videowall.fish $(DESTDIR)$(PREFIX)/share/applications/videowall.desktop \
	  $(DESTDIR)$(PREFIX)/lib/systemd/user/videowall.service
	rm -rf $(DESTDIR)$(PREFIX)/share/videowall $(DESTDIR)$(PREFIX)/share/doc/videowall

clean:
	rm -rf $(SCRATCH)
