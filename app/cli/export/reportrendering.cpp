// SPDX-License-Identifier: GPL-3.0-or-later
// report.md as HTML and PDF, laid out by QTextDocument on the offscreen platform.
#include "../reportrendering.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextDocument>
#include <QUrl>

namespace schedlab::cli {

namespace {
bool writeFile(const QString &path, const QByteArray &bytes, std::string *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(bytes) != bytes.size() || !file.flush()) {
        *error = "cannot write " + path.toStdString() + ": " + file.errorString().toStdString();
        return false;
    }
    return true;
}
} // namespace

bool writeReportRenderings(const std::string &markdownPath, std::vector<std::string> *written,
                           std::string *error)
{
    QFile in(QString::fromStdString(markdownPath));
    if (!in.open(QIODevice::ReadOnly)) {
        *error = "cannot read " + markdownPath;
        return false;
    }
    const QString markdown = QString::fromUtf8(in.readAll());
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "schedlab-cli";
    static char *argv[] = {name, nullptr};
    QApplication app(argc, argv);

    const QFileInfo info(QString::fromStdString(markdownPath));
    const QString given = QString::fromStdString(markdownPath);
    const QString base = given.left(given.size() - info.suffix().size() - 1); // as given
    QTextDocument document;
    document.setBaseUrl(QUrl::fromLocalFile(info.absolutePath() + QLatin1Char('/')));
    document.setMarkdown(markdown);
    // Charts at a readable width on the page and in a browser alike.
    QString html = document.toHtml();
    html.replace(QRegularExpression(QStringLiteral("<img src=\"([^\"]*)\"")),
                 QStringLiteral("<img src=\"\\1\" width=\"600\""));
    if (!writeFile(base + ".html", html.toUtf8(), error))
        return false;
    written->push_back((base + ".html").toStdString());

    document.setHtml(html);
    static const QRegularExpression images(QStringLiteral("<img src=\"([^\"]*)\""));
    for (auto it = images.globalMatch(html); it.hasNext();) {
        const QString src = it.next().captured(1);
        const QImage image(info.absolutePath() + QLatin1Char('/') + src);
        if (!image.isNull())
            document.addResource(QTextDocument::ImageResource, QUrl(src), image);
    }
    QPdfWriter pdf(base + ".pdf");
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setResolution(96);
    pdf.setTitle(info.completeBaseName());
    document.print(&pdf);
    if (!QFileInfo(base + ".pdf").size()) {
        *error = "cannot write " + (base + ".pdf").toStdString();
        return false;
    }
    written->push_back((base + ".pdf").toStdString());
    return true;
}

} // namespace schedlab::cli
