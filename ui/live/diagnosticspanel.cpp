// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnosticspanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace schedlab::ui {

namespace {
/** Rows a node table shows at most: a table of ten thousand rows takes seconds to lay out. */
constexpr int kMaxNodeRows = 200;

QTableWidgetItem *cell(const QString &text, bool number = false)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled);
    item->setToolTip(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString count(std::uint64_t n)
{
    return QString::number(qulonglong(n));
}

QString share(std::uint64_t part, std::uint64_t whole)
{
    return whole ? QString::number(100.0 * double(part) / double(whole), 'f', 1) + "%"
                 : QStringLiteral("\u2013");
}

QLabel *heading(const QString &text)
{
    return new QLabel("<b>" + text.toHtmlEscaped() + "</b>");
}
} // namespace

/**
 * A table as wide as the dock gives it, never wider: its first column takes what
 * the numbers leave (eliding a long name; the tooltip has it whole), or, when its
 * last column is text, that one does and wraps, its rows growing to fit again
 * whenever the width changes.
 */
class FittedTable : public QTableWidget
{
public:
    FittedTable(const QString &name, const QStringList &headers, bool textLast)
        : QTableWidget(0, int(headers.size()))
    {
        setObjectName(name);
        setHorizontalHeaderLabels(headers);
        setEditTriggers(QAbstractItemView::NoEditTriggers);
        setSelectionMode(QAbstractItemView::NoSelection);
        setWordWrap(textLast);
        setTextElideMode(Qt::ElideRight);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        verticalHeader()->hide();
        const int wide = textLast ? columnCount() - 1 : 0;
        for (int c = 0; c < columnCount(); ++c)
            horizontalHeader()->setSectionResizeMode(c, c == wide ? QHeaderView::Stretch
                                                                  : QHeaderView::ResizeToContents);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }

    /** Rows sized to their wrapped text, and the table as tall as its rows, up to
     *  ten of them (then it scrolls): the sections below stay in view. */
    void fit()
    {
        constexpr int kRowsShown = 10;
        resizeRowsToContents();
        int height = horizontalHeader()->height() + 2 * frameWidth();
        for (int r = 0; r < std::min(kRowsShown, rowCount()); ++r)
            height += rowHeight(r);
        if (rowCount() == 0)
            height += verticalHeader()->defaultSectionSize();
        setFixedHeight(height);
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QTableWidget::resizeEvent(event);
        if (event->size().width() != event->oldSize().width())
            fit();
    }
};

QTableWidget *DiagnosticsPanel::destinations() const
{
    return mDestinations;
}

QTableWidget *DiagnosticsPanel::drops() const
{
    return mDrops;
}

QTableWidget *DiagnosticsPanel::idle() const
{
    return mIdle;
}

DiagnosticsPanel::DiagnosticsPanel(QWidget *parent)
    : QWidget(parent), mSummary(new QLabel), mHints(new QLabel)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    mSummary->setObjectName("diagnosticsSummary");
    mSummary->setWordWrap(true);
    layout->addWidget(mSummary);
    mDestinations = new FittedTable(
        "diagnosticsDestinations",
        {tr("Destination"), tr("Sent"), tr("Share"), tr("On time"), tr("Late"), tr("Dropped")},
        false);
    layout->addWidget(heading(tr("Where the requests went")));
    layout->addWidget(mDestinations);
    // Where, service and cause in one wrapped column: three columns beside the count
    // left the cause a few words wide in the dock.
    mDrops = new FittedTable("diagnosticsDrops", {tr("Dropped"), tr("Where, service: why")}, true);
    layout->addWidget(heading(tr("Dropped requests by cause")));
    layout->addWidget(mDrops);
    mIdle = new FittedTable("diagnosticsIdle", {tr("Idle node"), tr("Why")}, true);
    layout->addWidget(heading(tr("Nodes no request was sent to")));
    layout->addWidget(mIdle);
    mHints->setObjectName("diagnosticsHints");
    mHints->setWordWrap(true);
    mHints->setTextFormat(Qt::RichText);
    layout->addWidget(mHints);
    layout->addStretch(1);
    clear();
}

void DiagnosticsPanel::clear()
{
    mShown.reset();
    mSummary->setText(tr("Pause the run, step it or let it finish: the diagnostics explain it "
                         "up to then."));
    for (FittedTable *t : {mDestinations, mDrops, mIdle}) {
        t->setRowCount(0);
        t->fit();
    }
    mHints->clear();
}

void DiagnosticsPanel::setSnapshot(const SnapshotPtr &snapshot)
{
    if (!snapshot || !snapshot->explanation || snapshot->explanation == mShown)
        return;
    mShown = snapshot->explanation;
    explain(*mShown);
    // A running run's later snapshots carry none: say how far this one goes.
    mSummary->setText(
        tr("Up to %1 s (slot %2): ").arg(snapshot->time, 0, 'f', 1).arg(snapshot->slot) +
        mSummary->text());
}

void DiagnosticsPanel::explain(const RunExplanation &e)
{
    std::uint64_t sent = e.cloud.dispatched;
    for (const PlaceCounts &n : e.nodes)
        sent += n.dispatched;
    QString summary = tr("%1 requests arrived: %2 on time, %3 late, %4 dropped, %5 in flight.")
                          .arg(count(e.arrived), count(e.onTime), count(e.late), count(e.dropped),
                               count(e.inFlight));
    for (std::size_t b = 0; b < e.eaps.size(); ++b) {
        const EapCounts &c = e.eaps[b];
        summary += "\n" + tr("eAP %1: %2 to edge nodes, %3 to the cloud")
                              .arg(QString::fromStdString(e.eapNames[b]), count(c.toEdge),
                                   count(c.toCloud));
        if (c.noReplica)
            summary += tr(" (%1 with no edge replica in reach)").arg(count(c.noReplica));
        if (c.dropped)
            summary += tr(", %1 dropped waiting there").arg(count(c.dropped));
    }
    mSummary->setText(summary);
    // The nodes sent the most, in topology order; the rest summed in one row.
    std::vector<std::size_t> shown(e.nodes.size());
    for (std::size_t n = 0; n < shown.size(); ++n)
        shown[n] = n;
    PlaceCounts others;
    if (shown.size() > std::size_t(kMaxNodeRows)) {
        std::stable_sort(shown.begin(), shown.end(), [&](std::size_t a, std::size_t b) {
            return e.nodes[a].dispatched > e.nodes[b].dispatched;
        });
        for (auto it = shown.begin() + kMaxNodeRows; it != shown.end(); ++it) {
            others.dispatched += e.nodes[*it].dispatched;
            others.onTime += e.nodes[*it].onTime;
            others.late += e.nodes[*it].late;
            others.dropped += e.nodes[*it].dropped;
        }
        shown.resize(kMaxNodeRows);
        std::sort(shown.begin(), shown.end());
    }
    const int hidden = int(e.nodes.size() - shown.size());
    mDestinations->setRowCount(int(shown.size()) + (hidden > 0 ? 2 : 1));
    int row = 0;
    const auto place = [&](const QString &name, const PlaceCounts &p) {
        mDestinations->setItem(row, 0, cell(name));
        mDestinations->setItem(row, 1, cell(count(p.dispatched), true));
        mDestinations->setItem(row, 2, cell(share(p.dispatched, sent), true));
        mDestinations->setItem(row, 3, cell(count(p.onTime), true));
        mDestinations->setItem(row, 4, cell(count(p.late), true));
        mDestinations->setItem(row, 5, cell(count(p.dropped), true));
        ++row;
    };
    for (std::size_t n : shown)
        place(QString::fromStdString(e.nodeNames[n]), e.nodes[n]);
    if (hidden > 0)
        place(hidden == 1 ? tr("1 other node") : tr("%1 other nodes").arg(hidden), others);
    place(tr("the cloud"), e.cloud);

    mDrops->setRowCount(int(e.drops.size()));
    for (int r = 0; r < int(e.drops.size()); ++r) {
        const DropCount &d = e.drops[std::size_t(r)];
        mDrops->setItem(r, 0, cell(count(d.count), true));
        mDrops->setItem(
            r, 1,
            cell(QStringLiteral("%1, %2: %3")
                     .arg(QString::fromStdString(e.placeOf(d)),
                          QString::fromStdString(e.serviceNames[std::size_t(d.service)]),
                          QString::fromUtf8(dropCauseText(d.cause)))));
    }

    const int idle = std::min(int(e.idle.size()), kMaxNodeRows);
    mIdle->setRowCount(idle + (idle < int(e.idle.size()) ? 1 : 0));
    for (int r = 0; r < idle; ++r) {
        const IdleNode &n = e.idle[std::size_t(r)];
        mIdle->setItem(r, 0, cell(QString::fromStdString(e.nodeNames[std::size_t(n.node)])));
        mIdle->setItem(r, 1, cell(QString::fromStdString(n.why)));
    }
    if (idle < int(e.idle.size()))
        mIdle->setItem(idle, 0, cell(tr("%1 more").arg(int(e.idle.size()) - idle)));
    for (FittedTable *t : {mDestinations, mDrops, mIdle})
        t->fit();

    QStringList hints;
    for (const std::string &h : e.hints)
        hints << "\u2022 " + QString::fromStdString(h).toHtmlEscaped();
    mHints->setText(hints.isEmpty() ? QString()
                                    : "<b>" + tr("Hints") + "</b><br>" + hints.join("<br>"));
}

} // namespace schedlab::ui
