//! An HTTPS proxy in front of the emulator, so a bot can be run exactly as in production: it
//! sends its requests to `https://discord.com` with serenity's rate limiter on, tunnelled with
//! CONNECT to this proxy, which ends TLS with a certificate for discord.com (the test makes the
//! bot trust it) and serves the emulator's REST API on the tunnel.

use std::sync::Arc;

use axum::Router;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::{self, pki_types::PrivateKeyDer};

/// Where a bot finds the proxy, and the certificate it must trust.
pub struct TlsProxy {
    pub url: String,
    pub certificate_pem: String,
}

/// Starts the proxy on a random port of 127.0.0.1; it serves until the runtime ends.
pub async fn start(app: Router) -> TlsProxy {
    let key = rcgen::generate_simple_self_signed(vec!["discord.com".to_owned()])
        .expect("a certificate for discord.com");
    let config =
        rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(
                vec![key.cert.der().clone()],
                PrivateKeyDer::Pkcs8(key.signing_key.serialize_der().into()),
            )
            .expect("the certificate and key match");
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("binding 127.0.0.1");
    let url = format!("http://{}", listener.local_addr().expect("local address"));
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let _ = stream.set_nodelay(true);
            tokio::spawn(tunnel(stream, acceptor.clone(), app.clone()));
        }
    });
    TlsProxy {
        url,
        certificate_pem: key.cert.pem(),
    }
}

/// One client connection: `CONNECT discord.com:443`, then TLS, then HTTP/1.1 to the emulator.
async fn tunnel(mut stream: TcpStream, acceptor: TlsAcceptor, app: Router) {
    let Some(head) = read_head(&mut stream).await else {
        return;
    };
    if !head.starts_with("CONNECT discord.com:443 ") {
        // Only Discord is emulated; anything else is the bot going somewhere it should not.
        let _ = stream
            .write_all(b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n")
            .await;
        return;
    }
    if stream
        .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
        .await
        .is_err()
    {
        return;
    }
    let Ok(tls) = acceptor.accept(stream).await else {
        return;
    };
    let _ = hyper::server::conn::http1::Builder::new()
        .serve_connection(TokioIo::new(tls), TowerToHyperService::new(app))
        .await;
}

/// The CONNECT request's head, up to its blank line (the client sends nothing more before the
/// answer, so nothing after it is lost).
async fn read_head(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() > 8192 || stream.read(&mut byte).await.ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    String::from_utf8(head).ok()
}
