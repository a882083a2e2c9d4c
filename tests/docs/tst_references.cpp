// SPDX-License-Identifier: GPL-3.0-or-later
// Every file the documentation or a bundled scenario points at is in the repository:
// Markdown links, `folder/file.md`-style paths in the guides, and file names in the
// scenarios' comments. Paths of outputs (results/, build/, DIR/...) are examples.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

namespace {
const QDir kRoot(QStringLiteral(SCHEDLAB_SOURCE_DIR));

QString textOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QString::fromUtf8(f.readAll());
}

/** Where a reference from `from` may resolve: beside it, from the root, in scenarios/. */
bool resolves(const QString &from, const QString &reference)
{
    const QString beside = QFileInfo(from).absoluteDir().filePath(reference);
    return QFileInfo::exists(beside) || kRoot.exists(reference) ||
           kRoot.exists(QStringLiteral("scenarios/") + reference);
}

QStringList files(const QString &folder, const QStringList &patterns)
{
    QStringList out;
    for (const QString &name : QDir(kRoot.filePath(folder)).entryList(patterns, QDir::Files))
        out << kRoot.filePath(folder + QLatin1Char('/') + name);
    return out;
}
} // namespace

class TestReferences : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void documentationLinksExist()
    {
        const QRegularExpression link(QStringLiteral(R"(\]\(([^)#\s]+)(#[^)]*)?\))"));
        const QRegularExpression path(
            QStringLiteral(R"(`([A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+\.(?:md|yaml|csv|png))`)"));
        const QRegularExpression example(QStringLiteral("^(results|build|DIR|OUT|PREFIX)/"));
        QStringList missing;
        for (const QString &doc : files(".", {"README.md"}) + files("docs", {"*.md"})) {
            const QString text = textOf(doc);
            for (const auto &re : {link, path})
                for (auto it = re.globalMatch(text); it.hasNext();) {
                    const QString target = it.next().captured(1);
                    if (target.contains(QLatin1Char(':')) || example.match(target).hasMatch())
                        continue; // a web address, or where a command writes
                    if (!resolves(doc, target))
                        missing << kRoot.relativeFilePath(doc) + ": " + target;
                }
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join('\n')));
    }

    void scenarioCommentsNameFilesThatExist()
    {
        const QRegularExpression name(QStringLiteral(R"(([A-Za-z0-9_./-]+\.(?:md|yaml|csv))\b)"));
        QStringList missing;
        for (const QString &scenario :
             files("scenarios", {"*.yaml"}) + files("scenarios/sweeps", {"*.yaml"})) {
            for (const QString &line : textOf(scenario).split(QLatin1Char('\n'))) {
                const qsizetype hash = line.indexOf(QLatin1Char('#'));
                if (hash < 0)
                    continue;
                for (auto it = name.globalMatch(line.mid(hash)); it.hasNext();) {
                    const QString target = it.next().captured(1);
                    if (!target.startsWith(QLatin1String("results/")) &&
                        !resolves(scenario, target))
                        missing << kRoot.relativeFilePath(scenario) + ": " + target;
                }
            }
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestReferences)
#include "tst_references.moc"
