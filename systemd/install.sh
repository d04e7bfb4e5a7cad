#!/usr/bin/env bash
# Install (or remove) the whist-table kiosk on Raspberry Pi OS.
#
#   sudo systemd/install.sh              install or update; safe to run again
#   sudo systemd/install.sh --uninstall  remove it (keeps games and settings)
#   sudo systemd/install.sh --uninstall --purge   ...and the games, settings, user
#   systemd/install.sh --dry-run [...]   print the steps, change nothing
#
# Options: --root DIR (install into a mounted image; files only, no running
# services touched), --no-apt (skip the Debian packages), --start (start the
# table now instead of at the next boot), --hall-credentials FILE (a drive
# table's file from hall broker-config, kept in /etc/whist-table for the
# kiosk user alone).
#
# What an install does: the user `whist` (groups video render input gpio
# dialout audio), a venv at /opt/whist-table/venv with this checkout
# installed (with the drive's extra), /etc/whist-table/config.toml from the
# example (only if there is none), the card-reader udev rule, no spare text
# consoles, and the unit whist-table.service enabled in place of the tty1
# login prompt. With a [hall] broker in the config, a drop-in opens the
# unit's network to that broker alone (whist-table hall kiosk-network).
set -euo pipefail

APP=whist-table
USER_NAME=whist
GROUPS_NEEDED=(video render input gpio dialout audio)
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

DRY_RUN=0
UNINSTALL=0
PURGE=0
APT=1
START=0
ROOT=""
HALL_CREDENTIALS=""
OWN=()  # install(1) owner options, set by owner()
OWNER=""  # the same as user:group for chown

usage() {
    sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --uninstall) UNINSTALL=1 ;;
        --purge) PURGE=1 ;;
        --no-apt) APT=0 ;;
        --start) START=1 ;;
        --root) shift; ROOT=${1:?--root needs a directory}; ROOT=${ROOT%/} ;;
        --root=*) ROOT=${1#--root=}; ROOT=${ROOT%/} ;;
        --hall-credentials) shift; HALL_CREDENTIALS=${1:?--hall-credentials needs a file} ;;
        --hall-credentials=*) HALL_CREDENTIALS=${1#--hall-credentials=} ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if [ "$PURGE" = 1 ] && [ "$UNINSTALL" = 0 ]; then
    echo "install.sh: --purge goes with --uninstall" >&2
    exit 2
fi

OPT_DIR=$ROOT/opt/$APP
VENV=$OPT_DIR/venv
ETC_DIR=$ROOT/etc/$APP
CONFIG=$ETC_DIR/config.toml
STATE_DIR=$ROOT/var/lib/$APP
UNIT_DIR=$ROOT/etc/systemd/system
UNIT=$UNIT_DIR/$APP.service
DROPIN_DIR=$UNIT_DIR/$APP.service.d
HALL_DROPIN=$DROPIN_DIR/hall.conf
UDEV_RULE_SRC=$SRC/systemd/99-whist-reader.rules
UDEV_RULE=$ROOT/etc/udev/rules.d/99-whist-reader.rules
LOGIND_DROPIN=$ROOT/etc/systemd/logind.conf.d/$APP.conf

# Every change goes through `run`: with --dry-run it is printed, not done.
run() {
    if [ "$DRY_RUN" = 1 ]; then
        printf '+'
        printf ' %q' "$@"
        printf '\n'
    else
        "$@"
    fi
}

# Write stdin to a file (mode $2), printing instead with --dry-run.
write_file() {
    local path=$1 mode=$2 content
    content=$(cat)
    if [ "$DRY_RUN" = 1 ]; then
        printf '+ write %q (mode %s):\n%s\n' "$path" "$mode" "$content"
    else
        install -d -m 0755 "$(dirname "$path")"
        printf '%s\n' "$content" > "$path.tmp"
        chmod "$mode" "$path.tmp"
        mv -f "$path.tmp" "$path"
    fi
}

note() { printf '%s\n' "$*"; }

# Live system only: with --root, nothing running is touched.
live() { [ -z "$ROOT" ]; }

have_user() {
    if live; then getent passwd "$1" >/dev/null; else grep -q "^$1:" "$ROOT/etc/passwd" 2>/dev/null; fi
}

have_group() {
    if live; then getent group "$1" >/dev/null; else grep -q "^$1:" "$ROOT/etc/group" 2>/dev/null; fi
}

root_opts() {
    # useradd/groupadd/usermod take --root to work inside an image.
    if ! live; then printf '%s\n' "--root" "$ROOT"; fi
}

systemctl_cmd() {
    if live; then run systemctl "$@"; else run systemctl --root="$ROOT" "$@"; fi
}

check_privileges() {
    if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
        echo "install.sh: run as root (sudo), or add --dry-run to see the steps" >&2
        exit 1
    fi
}

install_packages() {
    if [ "$APT" = 0 ] || ! live || ! command -v apt-get >/dev/null 2>&1; then
        note "# Debian packages: skipped"
        return
    fi
    # venv and a compiler for the solver; lgpio is the GPIO library on a Pi 5.
    local pkgs=(python3-venv python3-dev build-essential)
    if apt-cache show python3-lgpio >/dev/null 2>&1; then
        pkgs+=(python3-lgpio)
    fi
    run apt-get install -y --no-install-recommends "${pkgs[@]}"
}

ensure_user() {
    local g opts=()
    mapfile -t opts < <(root_opts)
    for g in "${GROUPS_NEEDED[@]}"; do
        if ! have_group "$g"; then
            run groupadd "${opts[@]}" --system "$g"
        fi
    done
    local list
    list=$(IFS=,; echo "${GROUPS_NEEDED[*]}")
    if have_user "$USER_NAME"; then
        note "# user $USER_NAME exists; making sure of its groups"
        run usermod "${opts[@]}" --append --groups "$list" "$USER_NAME"
    else
        # No login shell and no home of its own: the state directory is home.
        run useradd "${opts[@]}" --system --user-group --groups "$list" \
            --home-dir "/var/lib/$APP" --no-create-home \
            --shell /usr/sbin/nologin --comment "whist table kiosk" "$USER_NAME"
    fi
}

install_venv() {
    if ! live; then
        # A venv is tied to the Python that made it: build it inside the image.
        # Built for any CPU of the family (pip's default here, see setup.py):
        # the image may be built on another machine or boot on another Pi.
        note "# --root: inside the image run: python3 -m venv --system-site-packages" \
            "/opt/$APP/venv && /opt/$APP/venv/bin/pip install '<this checkout>[hall]'"
        return
    fi
    run install -d -m 0755 "$OPT_DIR"
    if [ -x "$VENV/bin/python" ]; then
        note "# venv $VENV exists; updating the package in it"
    else
        # System packages visible: python3-lgpio comes from the OS.
        run python3 -m venv --system-site-packages "$VENV"
    fi
    run "$VENV/bin/python" -m pip install --quiet --upgrade pip
    # Built on the Pi it runs on, so the solver may use this CPU's instructions
    # (a wheel or an image, built for any Pi, is portable: see setup.py).
    # With the drive's extra (MQTT, TLS): any table may be lent to a whist drive.
    run env WHIST_NATIVE=1 "$VENV/bin/python" -m pip install --quiet --upgrade "${SRC}[hall]"
}

# An id from the image's own passwd or group file (field 3), or nothing.
image_id() {
    awk -F: -v name="$2" '$1 == name { print $3; exit }' "$ROOT/etc/$1" 2>/dev/null || true
}

# Sets OWN to the owner options for install(1) and OWNER to user:group for
# chown. In an image the names are the image's, which this machine's own
# passwd does not know (or knows with other ids): use the image's numbers.
owner() {
    local user=$1 group=$2
    if ! live; then
        local uid gid
        uid=$(image_id passwd "$user")
        gid=$(image_id group "$group")
        if [ -n "$uid" ] && [ -n "$gid" ]; then
            user=$uid
            group=$gid
        elif [ "$DRY_RUN" = 0 ]; then
            echo "install.sh: $user or $group is not in $ROOT/etc/passwd or group" >&2
            exit 1
        fi  # a dry run has not created the user: the plan shows the names
    fi
    OWN=(-o "$user" -g "$group")
    OWNER=$user:$group
}

install_config() {
    # The kiosk user may rewrite the config (Settings screen), so it owns it.
    owner root "$USER_NAME"
    run install -d -m 0775 "${OWN[@]}" "$ETC_DIR"
    owner "$USER_NAME" "$USER_NAME"
    if [ -e "$CONFIG" ]; then
        note "# keeping the existing $CONFIG"
        # An earlier install into an image left it root's: the kiosk could not read it.
        run chown "$OWNER" "$CONFIG"
    else
        run install -m 0640 "${OWN[@]}" "$SRC/systemd/config.example.toml" "$CONFIG"
    fi
    if live && [ "$DRY_RUN" = 0 ]; then
        # Refuse to enable a table that would refuse to start.
        "$VENV/bin/python" -c 'import sys
from device.config import ConfigError, load_config
try:
    load_config(sys.argv[1])
except ConfigError as e:
    sys.exit(f"install.sh: the config has problems:\n{e}")' "$CONFIG"
    fi
    run install -d -m 0750 "${OWN[@]}" "$STATE_DIR"
}

install_hall() {
    if [ -n "$HALL_CREDENTIALS" ]; then
        if [ "$DRY_RUN" = 0 ] && [ ! -r "$HALL_CREDENTIALS" ]; then
            echo "install.sh: cannot read the credentials file $HALL_CREDENTIALS" >&2
            exit 1
        fi
        # The table's broker password: the kiosk user alone reads it (the unit cannot see /home).
        owner "$USER_NAME" "$USER_NAME"
        run install -m 0600 "${OWN[@]}" "$HALL_CREDENTIALS" "$ETC_DIR/$(basename "$HALL_CREDENTIALS")"
        note "# [hall] credentials = \"/etc/$APP/$(basename "$HALL_CREDENTIALS")\" in $CONFIG"
    fi
    if ! live || [ "$DRY_RUN" = 1 ]; then
        note "# the drive's network: $VENV/bin/whist-table hall kiosk-network --config $CONFIG" \
            "> $HALL_DROPIN (when the config has a [hall] broker)"
        return
    fi
    local dropin
    dropin=$("$VENV/bin/whist-table" hall kiosk-network --config "$CONFIG")
    if [ -n "$dropin" ]; then
        printf '%s\n' "$dropin" | write_file "$HALL_DROPIN" 0644
        note "# the table may reach its drive's broker, and nothing else on the network"
    elif [ -e "$HALL_DROPIN" ]; then
        run rm -f "$HALL_DROPIN"
        note "# no [hall] broker in the config: the table's network is closed again"
    fi
}

install_udev_rule() {
    if [ -f "$UDEV_RULE_SRC" ]; then
        run install -D -m 0644 "$UDEV_RULE_SRC" "$UDEV_RULE"
        if live; then
            run udevadm control --reload-rules
            run udevadm trigger --subsystem-match=tty
        fi
    else
        note "# no $UDEV_RULE_SRC in this checkout: card reader keeps its kernel name"
    fi
}

install_unit() {
    # No spare consoles with login prompts behind the table (from next boot).
    write_file "$LOGIND_DROPIN" 0644 <<'EOF'
# whist-table kiosk: no login prompts on other consoles (Ctrl-Alt-F2...).
[Login]
NAutoVTs=0
ReserveVT=0
EOF
    run install -D -m 0644 "$SRC/systemd/$APP.service" "$UNIT"
    if live; then
        systemctl_cmd daemon-reload
    fi
    systemctl_cmd disable getty@tty1.service
    systemctl_cmd enable "$APP.service"
    if live && systemctl is-enabled display-manager.service >/dev/null 2>&1; then
        # A desktop holds the screen (KMS) and the table would get a black one.
        note "# WARNING: a desktop (display-manager.service) is enabled and takes the" \
            "screen: run 'systemctl set-default multi-user.target' or use Pi OS Lite"
    fi
    if [ "$START" = 1 ] && live; then
        systemctl_cmd restart "$APP.service"
    fi
}

uninstall() {
    if [ -e "$UNIT" ]; then
        if live; then
            systemctl_cmd disable --now "$APP.service"
        else
            systemctl_cmd disable "$APP.service"
        fi
        run rm -f "$UNIT"
        if [ -e "$HALL_DROPIN" ]; then
            run rm -f "$HALL_DROPIN"
        fi
        if live; then
            systemctl_cmd daemon-reload
        fi
    else
        note "# no unit installed at $UNIT"
    fi
    systemctl_cmd enable getty@tty1.service
    if [ -e "$LOGIND_DROPIN" ]; then
        run rm -f "$LOGIND_DROPIN"
    fi
    if [ -e "$UDEV_RULE" ]; then
        run rm -f "$UDEV_RULE"
        if live; then
            run udevadm control --reload-rules
        fi
    fi
    if [ -d "$OPT_DIR" ]; then
        run rm -rf "$OPT_DIR"
    fi
    if [ "$PURGE" = 1 ]; then
        for d in "$ETC_DIR" "$STATE_DIR"; do
            if [ -d "$d" ]; then
                run rm -rf "$d"
            fi
        done
        if have_user "$USER_NAME"; then
            local opts=()
            mapfile -t opts < <(root_opts)
            run userdel "${opts[@]}" "$USER_NAME"
        fi
    else
        note "# kept the games ($STATE_DIR) and settings ($ETC_DIR); --purge removes them"
    fi
}

check_privileges
if [ "$UNINSTALL" = 1 ]; then
    uninstall
    note "# whist-table removed; the login prompt returns to tty1 at the next boot"
else
    install_packages
    ensure_user
    install_venv
    install_config
    install_hall
    install_udev_rule
    install_unit
    note "# whist-table installed: it starts on tty1 at the next boot"
fi
