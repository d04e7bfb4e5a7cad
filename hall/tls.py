"""A drive's own certificate authority and the broker's certificate (``hall broker-config``).

The authority signs one certificate, the broker's, for the names the tables are given for it;
its key is then dropped (a new run of broker-config makes a new authority, as it makes new
passwords), so nothing on disk can sign a second broker. Keys are P-256: quick to make on a Pi.
"""

from __future__ import annotations

import datetime
import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from hall.drive import DriveError

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
VALID_DAYS = 5 * 365  # a hall's kit is set up once and used for years


@dataclass(frozen=True)
class BrokerCertificates:
    ca: bytes  # PEM: the authority's certificate, in every credentials file
    certificate: bytes  # PEM: the broker's
    key: bytes = b""  # PEM: the broker's private key (its file readable by its owner only)


def _name(value: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(value))
    except ValueError:
        pass
    if not value or any(c.isspace() or c in "/:@" for c in value):
        raise DriveError(f"broker name {value!r}: give a host name (hall-pi.local) or an address (10.0.0.5)")
    return x509.DNSName(value)


def make_certificates(names: Sequence[str], now: datetime.datetime | None = None) -> BrokerCertificates:
    """A new authority and the broker's key and certificate for ``names`` and loopback."""
    alt = list(dict.fromkeys([*names, *LOOPBACK_NAMES]))  # in order, each once
    sans = x509.SubjectAlternativeName([_name(n) for n in alt])
    start = (now or datetime.datetime.now(datetime.UTC)) - datetime.timedelta(days=1)
    end = start + datetime.timedelta(days=VALID_DAYS)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "whist drive authority")])
    ca_ski = x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key())
    ca = (x509.CertificateBuilder()
          .subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(start).not_valid_after(end)
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False, key_agreement=False,
                                       key_cert_sign=True, crl_sign=True, encipher_only=False,
                                       decipher_only=False), critical=True)
          .add_extension(ca_ski, critical=False)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, alt[0])]))
            .issuer_name(ca_name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(start).not_valid_after(end)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False,
                                         key_encipherment=False, data_encipherment=False, key_agreement=False,
                                         key_cert_sign=False, crl_sign=False, encipher_only=False,
                                         decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(sans, critical=False)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski),
                           critical=False)
            .sign(ca_key, hashes.SHA256()))
    return BrokerCertificates(
        ca=ca.public_bytes(serialization.Encoding.PEM),
        certificate=cert.public_bytes(serialization.Encoding.PEM),
        key=key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                              serialization.NoEncryption()))
