# The servers and tools of script/bench (sourced by it; not run on its own): installing nginx, wrk and sqlite3,
# free loopback ports, nginx with its configuration in script/bench's temporary directory ($work), and the
# cleanup on exit.

# Installs nginx, wrk and sqlite3 (the store scenario's baseline) with apt when any is missing, without letting
# the nginx package start its own service on port 80.
install_bench_tools() {
  local -a missing=()
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  command -v wrk >/dev/null 2>&1 || missing+=(wrk)
  command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)  # the store scenario's baseline
  if [ ${#missing[@]} -gt 0 ]; then
    echo "script/bench: installing ${missing[*]}" >&2
    local -a sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    # Keep the package's own nginx service from starting on port 80: a policy-rc.d that refuses, only for
    # the length of the install and only if the machine has none.
    local policy_added=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee /usr/sbin/policy-rc.d >/dev/null
      "${sudo_cmd[@]}" chmod 755 /usr/sbin/policy-rc.d
      policy_added=1
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_cmd[@]}" apt-get update -qq
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    [ "$policy_added" -eq 0 ] || "${sudo_cmd[@]}" rm -f /usr/sbin/policy-rc.d
  fi
}

used_ports=" "
# Sets $port to a loopback port nothing listens on and no earlier call returned.
free_port() {
  for _ in $(seq 1 100); do
    port=$((20000 + RANDOM % 40000))
    if [[ "$used_ports" != *" $port "* ]] && [ -z "$(ss -Htln "sport = :$port")" ]; then
      used_ports+="$port "
      return 0
    fi
  done
  echo "script/bench: found no free loopback port" >&2
  exit 1
}

start_nginx() {
  free_port; http_port=$port
  free_port; https_port=$port
  free_port; h2_port=$port
  cat >"$work/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nodelay on;
    keepalive_requests 1000000;
    keepalive_timeout 75;
    gzip off;
    types { application/json json; }
    default_type application/octet-stream;
    client_body_temp_path $work/temp/body;
    proxy_temp_path $work/temp/proxy;
    fastcgi_temp_path $work/temp/fastcgi;
    uwsgi_temp_path $work/temp/uwsgi;
    scgi_temp_path $work/temp/scgi;
    ssl_certificate $work/cert.pem;
    ssl_certificate_key $work/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    log_format upload '\$status \$request_length';
    server {
        listen 127.0.0.1:$http_port;
        root $work/www;
        # Uploads: nginx reads the whole body, in memory (a buffer as large as the upload: written to a temporary
        # file instead, the server's disk would set the pace and the noise), before it asks /sink, without the
        # body, for the 204 it answers; the log shows the bytes read. (A bare "return 204" would answer at once and
        # drop the body afterwards, unlogged.)
        location = /upload {
            client_max_body_size 0;
            client_body_buffer_size 1100m;
            access_log $work/upload.log upload;
            proxy_pass_request_body off;
            proxy_set_header Content-Length "";
            proxy_pass http://127.0.0.1:$http_port/sink;
        }
        location = /sink { return 204; }
        # The concurrent scenario counts the connections each run opens by the "accepts" counter here.
        location = /nginx-status { stub_status; }
    }
    server { listen 127.0.0.1:$https_port ssl; root $work/www; }
    server { listen 127.0.0.1:$h2_port ssl http2; root $work/www; }
}
EOF
  "$nginx_bin" -p "$work" -e "$work/error.log" -c "$work/nginx.conf" &
  nginx_pid=$!
  for _ in $(seq 1 50); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$http_port/small.json" 2>/dev/null; then
      return 0
    fi
    kill -0 "$nginx_pid" 2>/dev/null || break
    sleep 0.1
  done
  wait "$nginx_pid" 2>/dev/null || true
  nginx_pid=""
  return 1
}

# Stops nginx (by its PID), takes the certificate out of the system store again and deletes $work.
cleanup() {
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then
    kill "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  if [ -n "$trusted_cert" ]; then
    rm -f "$trusted_cert"
    update-ca-certificates >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
