// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogdock.h"

#include "catalogspecs.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace schedlab::ui {

CatalogDock::CatalogDock(TopologyDocument *document, QWidget *parent)
    : QDockWidget(tr("Catalog"), parent)
{
    setObjectName("CatalogDock");
    auto *tabs = new QTabWidget(this);
    mServices = new CatalogTable(document, servicesCatalog(), tabs);
    mImages = new CatalogTable(document, imagesCatalog(), tabs);
    tabs->addTab(page(mServices, tr("Add Service")), tr("Services"));
    tabs->addTab(page(mImages, tr("Add Image / Variant")), tr("Images"));
    setWidget(tabs);
}

QWidget *CatalogDock::page(CatalogTable *table, const QString &addText)
{
    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    v->setContentsMargins(4, 4, 4, 4);
    v->addWidget(table, 1);
    auto *message = new QLabel(page);
    message->setWordWrap(true);
    message->setStyleSheet("color: #b3471b;");
    v->addWidget(message);
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(addText, page);
    auto *remove = new QPushButton(tr("Remove"), page);
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    v->addLayout(buttons);
    connect(add, &QPushButton::clicked, table, &CatalogTable::addRow);
    connect(remove, &QPushButton::clicked, table, &CatalogTable::removeSelectedRows);
    connect(table, &CatalogTable::message, message, &QLabel::setText);
    return page;
}

} // namespace schedlab::ui
