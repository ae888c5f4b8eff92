# debian_source.sh: Debian source packages for the benchmark targets, sourced
# by scripts/build_targets.sh and scripts/bench_unseen.sh. The sourcing
# script defines log MESSAGE and die MESSAGE first.

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
fi

APT_UPDATED=0
# apt_update: `apt-get update`, once per run.
apt_update() {
    if [ "$APT_UPDATED" = 0 ]; then
        log "apt-get update"
        $SUDO apt-get update -q >/dev/null || $SUDO apt-get update
        APT_UPDATED=1
    fi
}

# codename: the Debian suite (bookworm if unknown).
codename() {
    local c=""
    if [ -r /etc/os-release ]; then c="$(. /etc/os-release; echo "${VERSION_CODENAME:-}")"; fi
    echo "${c:-bookworm}"
}

# have_deb_src: true if source packages can be fetched.
have_deb_src() {
    local out; out="$(apt-cache showsrc cjson 2>/dev/null || true)"
    case "$out" in *"Package: cjson"*) return 0 ;; *) return 1 ;; esac
}

# enable_deb_src: adds deb-src entries to the apt sources if there are none.
enable_deb_src() {
    local changed=0 f
    f=/etc/apt/sources.list.d/debian.sources
    if [ -f "$f" ] && grep -qE '^Types:' "$f" && grep -E '^Types:' "$f" | grep -v 'deb-src' >/dev/null; then
        log "enabling deb-src in $f"
        $SUDO sed -i -E '/^Types:/{/deb-src/!s/[[:space:]]*$/ deb-src/}' "$f"
        changed=1
    fi
    f=/etc/apt/sources.list
    if [ -f "$f" ] && grep -qE '^[[:space:]]*deb[[:space:]]' "$f" && ! grep -qE '^[[:space:]]*deb-src[[:space:]]' "$f"; then
        log "adding deb-src lines to $f"
        grep -E '^[[:space:]]*deb[[:space:]]' "$f" | sed -E 's/^([[:space:]]*)deb([[:space:]])/\1deb-src\2/' \
            | $SUDO tee -a "$f" >/dev/null
        changed=1
    fi
    if [ "$changed" = 1 ]; then APT_UPDATED=0; apt_update; fi
    if ! have_deb_src; then
        apt_update
    fi
    if ! have_deb_src; then
        local cn opt=""; cn="$(codename)"
        [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] && opt="[signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
        log "no deb-src entries found; adding /etc/apt/sources.list.d/grammut-deb-src.list"
        printf 'deb-src %shttp://deb.debian.org/debian %s main\ndeb-src %shttp://deb.debian.org/debian %s-updates main\ndeb-src %shttp://deb.debian.org/debian-security %s-security main\n' \
            "$opt" "$cn" "$opt" "$cn" "$opt" "$cn" | $SUDO tee /etc/apt/sources.list.d/grammut-deb-src.list >/dev/null
        APT_UPDATED=0; apt_update
    fi
    have_deb_src || die "apt source packages are not available (deb-src)"
}

# fetch_source SRCPKG ROOT: `apt-get source` SRCPKG into ROOT once (Debian
# patches applied) and prints the extracted source directory.
fetch_source() {
    local pkg="$1" root="$2" record="$2/.$1.dir" dir
    mkdir -p "$root"
    if [ -f "$record" ] && dir="$(cat "$record")" && [ -d "$dir" ]; then
        echo "$dir"; return 0
    fi
    log "fetching source package $pkg into $root" >&2
    # a previous, interrupted fetch may have left a partial tree behind;
    # dpkg-source refuses to unpack over an existing directory
    rm -rf "$root/$pkg"-*/
    (
        cd "$root"
        if ! apt-get source -q "$pkg" >>"$root/fetch-$pkg.log" 2>&1; then
            echo "apt-get source $pkg failed, retrying with the suite named ($pkg/$(codename))" >&2
            apt-get source -q "$pkg/$(codename)" >>"$root/fetch-$pkg.log" 2>&1 \
                || { tail -n 20 "$root/fetch-$pkg.log" >&2; exit 1; }
        fi
    ) || die "could not fetch source package $pkg"
    dir="$(ls -1dt "$root/$pkg"-*/ 2>/dev/null | head -n 1 || true)"
    dir="${dir%/}"
    [ -n "$dir" ] && [ -d "$dir" ] || die "no extracted directory for $pkg in $root"
    echo "$dir" >"$record"
    echo "$dir"
}
